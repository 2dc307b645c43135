import { Readable } from 'node:stream';
import { yieldToEventLoop } from './yield';

/** How a download is read and written in keyset batches (`keysetStream`). */
export interface KeysetStreamPlan<T, K> {
  /** The rows after `after` (from the first when null) in the file's order, at most `limit`. */
  read: (after: K | null, limit: number) => Promise<T[]>;
  /** Where the next batch starts: the key of the last row written. */
  keyOf: (row: T) => K;
  /** What comes before the first row, each batch's text (`first`: no separator), and the end. */
  head: string;
  batch: (rows: T[], first: boolean) => string;
  tail: string;
  /** Rows read per statement, and at most this many rows in all. */
  batchSize: number;
  max: number;
}

/**
 * A download as a stream: keyset batches of `batchSize` rows (at most `max` in all), each written
 * as soon as it is read, with a turn of the event loop between batches, so no batch holds the
 * server up and the file is never whole in memory. The first batch is read before the answer
 * starts (a failure there is an ordinary error answer); a failure later destroys the stream, and
 * the server cuts the response off (no final chunk), so no client takes it for a whole file.
 */
export async function keysetStream<T, K>(plan: KeysetStreamPlan<T, K>): Promise<Readable> {
  const { read, keyOf, batchSize, max } = plan;
  const first = await read(null, Math.min(batchSize, max));
  async function* pieces() {
    yield Buffer.from(plan.head);
    let batch = first;
    let written = 0;
    while (batch.length > 0) {
      yield Buffer.from(plan.batch(batch, written === 0));
      written += batch.length;
      if (batch.length < batchSize || written >= max) break;
      await yieldToEventLoop();
      batch = await read(keyOf(batch.at(-1)!), Math.min(batchSize, max - written));
    }
    if (plan.tail) yield Buffer.from(plan.tail);
  }
  return Readable.from(pieces(), { objectMode: false });
}
