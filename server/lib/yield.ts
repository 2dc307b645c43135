/**
 * Lets the event loop run (I/O, timers, requests) before the next batch of background work.
 * better-sqlite3 answers synchronously, so an `await` on a query alone never lets a request in.
 */
export const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => setImmediate(resolve));

/** Throws the signal's reason when the job runner or shutdown asked the work to stop. */
export function stopIfAborted(signal: AbortSignal | undefined): void {
  signal?.throwIfAborted();
}
