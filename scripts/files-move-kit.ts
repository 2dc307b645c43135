import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FileStorage } from '../server/config';
import type { Database } from '../server/db/tables';
import type { FileStore } from '../server/modules/files/file-store';
import { filesRepository } from '../server/modules/files/files.repository';

export const STORAGES: readonly FileStorage[] = ['disk', 'database', 's3'];

export interface MoveOptions {
  db: Kysely<Database>;
  from: FileStore;
  to: FileStore;
  /** Delete each source copy once its target copy is verified (default: keep it). */
  removeSource?: boolean;
  /** One line per progress report and per problem. */
  log: (line: string) => void;
  /** Report progress after this many files (default 100) and at the end. */
  progressEvery?: number;
  /** Files in flight at once (default 4). */
  concurrency?: number;
}

export interface MoveSummary {
  /** Files described by a `files` row. */
  total: number;
  /** Copied to the target and read back with the right SHA-256. */
  copied: number;
  /** Already in the target with the right SHA-256 (an earlier, interrupted run). */
  alreadyThere: number;
  /** Source copies deleted after their target copy was verified (`removeSource`). */
  removed: number;
  /** Ids whose bytes hashed to something else (in the source, or read back from the target). */
  mismatched: string[];
  /** Ids with a row but bytes in neither store. */
  missing: string[];
}

const PAGE = 500;

/** The SHA-256 of a stored file's bytes, read as a stream; null when the store lacks it. */
export async function storedSha256(store: FileStore, id: string): Promise<string | null> {
  const opened = await store.open(id);
  if (!opened) return null;
  const hash = createHash('sha256');
  for await (const chunk of opened.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every file a `files` row describes from one store to another, checking each copy's
 * SHA-256 (the id) after writing it. Resumable: a file the target already holds with the right
 * hash is skipped, so running it again after an interruption carries on where it stopped. The
 * source copy is deleted only with `removeSource`, and only after the target copy was verified.
 */
export async function moveFiles(options: MoveOptions): Promise<MoveSummary> {
  const { db, from, to, log } = options;
  const every = options.progressEvery ?? 100;
  const concurrency = options.concurrency ?? 4;
  const repo = filesRepository(db);
  const summary: MoveSummary = {
    total: await repo.count(),
    copied: 0,
    alreadyThere: 0,
    removed: 0,
    mismatched: [],
    missing: [],
  };
  let done = 0;
  const progress = () =>
    log(
      `files:move: ${done}/${summary.total} (copied ${summary.copied}, already there ${summary.alreadyThere}, ` +
        `mismatched ${summary.mismatched.length}, missing ${summary.missing.length})`,
    );

  let after = '';
  for (;;) {
    const ids = await repo.idsAfter(after, PAGE);
    if (ids.length === 0) break;
    // A few files at a time (each a round trip or three to a remote store); an error stops new
    // ones, and those already started finish, so none is left copied but unverified.
    const queue = [...ids];
    const workers = Array.from({ length: concurrency }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const verified = await moveOne(id).catch((error: unknown) => {
          queue.length = 0;
          throw error;
        });
        if (verified && options.removeSource) {
          // The files row stays: only this store's copy goes, so it is never in use elsewhere.
          await from.remove(id, async () => true);
          summary.removed += 1;
        }
        done += 1;
        if (done % every === 0) progress();
      }
    });
    const failed = (await Promise.allSettled(workers)).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    after = ids[ids.length - 1] ?? after;
  }
  progress();
  return summary;

  /** True when the target holds the file with the right hash after this. */
  async function moveOne(id: string): Promise<boolean> {
    const inTarget = await storedSha256(to, id);
    if (inTarget === id) {
      summary.alreadyThere += 1;
      return true;
    }
    const data = await from.get(id);
    if (!data) {
      summary.missing.push(id);
      log(
        `files:move: ${id}: no bytes in the source store${inTarget ? ' (the target copy is damaged)' : ''}`,
      );
      return false;
    }
    if (createHash('sha256').update(data).digest('hex') !== id) {
      summary.mismatched.push(id);
      log(`files:move: ${id}: the source bytes do not match their SHA-256; not copied`);
      return false;
    }
    // A damaged copy in the target goes first: the database store keeps an existing blob on put.
    if (inTarget !== null) await to.remove(id, async () => true);
    await to.put(id, data, db);
    if ((await storedSha256(to, id)) !== id) {
      summary.mismatched.push(id);
      log(`files:move: ${id}: the copy in the target store does not match its SHA-256`);
      return false;
    }
    summary.copied += 1;
    return true;
  }
}
