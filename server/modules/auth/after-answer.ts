/**
 * Work run after a request has been answered (account lookups, codes, mail), so the answer takes
 * the same time whether or not an account exists. `settled()` resolves once all of it has run
 * (the app waits for it on close; tests wait for it before looking).
 */
export function afterAnswerQueue(deps: {
  /** Runs the work later; tests pass one that holds it. Default: setImmediate. */
  defer?: (work: () => Promise<void>) => void;
  onError: (error: unknown) => void;
}) {
  const pending = new Set<Promise<void>>();
  const defer = deps.defer ?? ((work) => void setImmediate(work));
  return {
    later(work: () => Promise<void>): void {
      let finished = () => {};
      const done = new Promise<void>((resolve) => (finished = resolve));
      pending.add(done);
      defer(() =>
        work()
          .catch(deps.onError)
          .finally(() => {
            pending.delete(done);
            finished();
          }),
      );
    },
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
