/**
 * Steps of different seed files on one story clock: gifts are created and paid before the trees
 * of their drive are registered, so the registering transaction allocates them as it would in
 * real use. Steps run in time order (ties in the order added) when the trees reach their moment.
 */
export interface Timeline {
  add(at: number, step: () => Promise<void>): void;
  /** Runs every step due at or before `at`. */
  runUntil(at: number): Promise<void>;
  /** Runs what is left. */
  finish(): Promise<void>;
}

export function timeline(): Timeline {
  const steps: Array<{ at: number; order: number; step: () => Promise<void> }> = [];
  let order = 0;
  const next = () => {
    let best = -1;
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i]!;
      const b = steps[best];
      if (!b || s.at < b.at || (s.at === b.at && s.order < b.order)) best = i;
    }
    return best;
  };
  const runUntil = async (at: number) => {
    for (;;) {
      const i = next();
      if (i < 0 || steps[i]!.at > at) return;
      const [due] = steps.splice(i, 1);
      await due!.step();
    }
  };
  return {
    add: (at, step) => void steps.push({ at, order: order++, step }),
    runUntil,
    finish: () => runUntil(Infinity),
  };
}
