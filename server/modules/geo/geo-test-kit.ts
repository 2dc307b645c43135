/** Virtual time for the geocoder's pace tests (imported only by *.test.ts files). */
import { vi } from 'vitest';
import { movableClock } from '../../../tests/support/test-app';
import type { GeoTuning } from './geo.service';

interface Sleeper {
  server: string;
  wakeAt: number;
  wake: () => void;
}

/**
 * The shared one-request-a-second slot on a clock only the test moves. A server waiting for the
 * slot sleeps until the clock reaches its wake-up time; the clock moves on to the earliest
 * wake-up only once every server with questions left is asleep, so no work happens "between"
 * two moments and no test waits in real time. Call `vi.restoreAllMocks()` after the test: the
 * upstream requests are stamped, on this clock, as they leave (a spy on `fetch`).
 */
export function virtualPace(startIso = '2026-03-01T10:00:00.000Z') {
  const clock = movableClock(startIso);
  const sleepers: Sleeper[] = [];
  /** Every wait a server asked for, in ms. */
  const waits: number[] = [];
  /** When each upstream request left, on the virtual clock. */
  const sent: number[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
    sent.push(clock.now().getTime());
    return realFetch(...args);
  });

  return {
    clock,
    waits,
    sent,
    /** Geo tuning for one app server: default pace, and its waits go to sleep on the clock. */
    tuning(server: string): GeoTuning {
      return {
        // The give-up deadline runs on real time; virtual waits must never reach it.
        giveUpMs: 60_000,
        wait: (ms) => {
          waits.push(ms);
          return new Promise<void>((wake) =>
            sleepers.push({ server, wakeAt: clock.now().getTime() + ms, wake }),
          );
        },
      };
    },
    /** Asks every question at once and answers them all, moving the clock as described above. */
    async answer<T>(questions: Array<[server: string, ask: () => Promise<T>]>): Promise<T[]> {
      const left = new Map<number, string>();
      const answers = Promise.all(
        questions.map(([server, ask], i) => {
          left.set(i, server);
          return ask().finally(() => left.delete(i));
        }),
      );
      let done = false;
      void answers.then(
        () => (done = true),
        () => (done = true),
      );
      const allAsleep = () =>
        sleepers.length > 0 &&
        [...new Set(left.values())].every((server) => sleepers.some((s) => s.server === server));
      while (!done) {
        await vi.waitFor(
          () => {
            if (!done && !allAsleep()) throw new Error('a server is still working');
          },
          { timeout: 15_000, interval: 1 },
        );
        if (done) break;
        sleepers.sort((x, y) => x.wakeAt - y.wakeAt);
        const next = sleepers.shift()!;
        if (next.wakeAt > clock.now().getTime()) clock.set(new Date(next.wakeAt).toISOString());
        next.wake();
      }
      return answers;
    },
  };
}
