interface Turn {
  deadline: number;
  go: () => void;
  fail: (error: unknown) => void;
}

/**
 * Per-member queues of waiting geocoder requests, served round-robin: the next turn goes to the
 * member served longest ago (a member not served since their queue last emptied counts as never
 * served; ties by arrival), and within a member in arrival order.
 */
export function fairTurns() {
  const queues = new Map<string, Turn[]>();
  const lastServed = new Map<string, number>();
  let served = 0;
  let waiting = 0;

  function remove(memberId: string, queue: Turn[]) {
    if (queue.length > 0) return;
    queues.delete(memberId);
    lastServed.delete(memberId);
  }

  return {
    size: () => waiting,

    enqueue(memberId: string, deadline: number): Promise<void> {
      return new Promise<void>((go, fail) => {
        const queue = queues.get(memberId) ?? [];
        if (queue.length === 0) queues.set(memberId, queue);
        queue.push({ deadline, go, fail });
        waiting++;
      });
    },

    /** Gives the turn to the member served longest ago. */
    serveNext(): void {
      let pick: string | undefined;
      let pickServed = Infinity;
      // Map order is arrival order, so the first of equals wins.
      for (const memberId of queues.keys()) {
        const at = lastServed.get(memberId) ?? -1;
        if (at < pickServed) [pick, pickServed] = [memberId, at];
      }
      if (pick === undefined) return;
      const queue = queues.get(pick)!;
      const turn = queue.shift()!;
      waiting--;
      lastServed.set(pick, ++served);
      remove(pick, queue);
      turn.go();
    },

    /** Refuses every waiting turn that `refuse` picks, with `error`. */
    dropIf(refuse: (turn: Turn) => boolean, error: unknown): void {
      for (const [memberId, queue] of [...queues]) {
        const keep = queue.filter((turn) => {
          if (!refuse(turn)) return true;
          waiting--;
          turn.fail(error);
          return false;
        });
        queues.set(memberId, keep);
        remove(memberId, keep);
      }
    },
  };
}
