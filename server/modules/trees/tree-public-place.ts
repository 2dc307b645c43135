import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../../lib/clock';
import type { Log } from '../../lib/log';
import { treePublicPlaceRepository } from './tree-public-place.repository';

/** One pass names at most this many trees, and stops after this long (the schedule is each minute). */
const PASS_TREES = 500;
const PASS_MS = 45_000;
const BATCH = 50;

/**
 * The place other members see (issue 25, security 1): a neighbourhood-level reverse geocode of
 * the tree's point, stored as `trees.public_place` by a scheduled pass soon after the tree is
 * registered or moved (either leaves it null). Never cut from the owner's private address.
 */
export function treePublicPlaces(deps: {
  db: Kysely<Database>;
  clock: Clock;
  log: Log;
  /** The geocoder's name for the area around a point (geo module), or null where it names none. */
  areaName: (lat: number, lng: number, memberId: string) => Promise<string | null>;
}) {
  const repo = treePublicPlaceRepository(deps.db);
  return {
    /** Names trees without a public place, oldest id first; returns how many were named. */
    async namePublicPlaces(signal?: AbortSignal): Promise<number> {
      const started = deps.clock.now().getTime();
      let named = 0;
      let after = '';
      while (named < PASS_TREES && !signal?.aborted) {
        const batch = await repo.todo(BATCH, after);
        if (batch.length === 0) break;
        for (const tree of batch) {
          if (signal?.aborted || deps.clock.now().getTime() - started > PASS_MS) return named;
          let place: string | null;
          try {
            place = await deps.areaName(tree.lat!, tree.lng!, tree.owner_id);
          } catch (err) {
            // The geocoder is down or busy: the next pass tries again; others see no place meanwhile.
            deps.log.warn({ err }, 'naming trees’ public places paused: the geocoder failed');
            return named;
          }
          await repo.name(tree.id, tree.lat!, tree.lng!, place ?? '');
          named++;
        }
        after = batch.at(-1)!.id;
      }
      return named;
    },
  };
}
export type TreePublicPlaces = ReturnType<typeof treePublicPlaces>;
