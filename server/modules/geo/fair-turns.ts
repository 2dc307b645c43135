interface Turn {
  deadline: number;
  go: () => void;
  fail: (error: unknown) => void;
}

/** How many members' last turns are remembered (the least recent are forgotten first). */
const REMEMBERED_MEMBERS = 10_000;

/**
 * Per-member queues of waiting geocoder requests, served round-robin: the next turn goes to the
 * member served longest ago (never served counts as longest; ties by arrival), and within a member
 * in arrival order. A member's last turn is remembered after their queue empties, so a burst that
 * trickles in never outranks someone else's first request.
 */
export function fairTurns() {
  const queues = new Map<string, Turn[]>();
  const lastServed = new Map<string, number>();
  let served = 0;
  let waiting = 0;

  function remove(memberId: string, queue: Turn[]) {
    if (queue.length === 0) queues.delete(memberId);
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
      // Re-inserted so the map stays in order of service and the oldest can be forgotten.
      lastServed.delete(pick);
      lastServed.set(pick, ++served);
      if (lastServed.size > REMEMBERED_MEMBERS)
        lastServed.delete(lastServed.keys().next().value as string);
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
