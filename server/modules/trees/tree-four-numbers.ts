import { DRIVE_MESSAGES } from '../../../contract/drives';
import { checkBoundary, type FourNumbers } from '../../../contract/four-numbers';
import type { Executor } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { yieldToEventLoop } from '../../lib/yield';
import { chartsQueries } from './tree-charts.repository';
import { fourNumbersQueries, type TreeCounts } from './tree-four-numbers.repository';

/**
 * An organiser's tree counts are stored (`tree_chart_snapshots`, `organiser:{id}`) and made again
 * when older than this: a sum over every drive of theirs is too much for each dashboard request.
 */
export const ORGANISER_COUNTS_MAX_AGE_MS = 10 * 60_000;

const organiserCountsName = (organiserId: string) => `organiser:${organiserId}`;

/** Drives summed per statement when an organiser's counts are made (one round trip each). */
export const ORGANISER_DRIVES_PER_BATCH = 100;

/** What the four numbers ask of other modules: trees paid for, and whether a drive exists. */
export interface FourNumbersPorts {
  /** Trees of paid tree donations to the drive, refunds taken away (donations module). */
  treesFundedForDrive: (driveId: string) => Promise<number>;
  /** Whether the drive exists (drives module). */
  driveExists: (driveId: string) => Promise<boolean>;
}

/**
 * The four honest numbers' tree counts (issue 21 §3, docs/decisions/four-numbers.md): the
 * community's from `tree_check_days` plus one day of trees, a drive's from its trees.
 */
export function treeFourNumbers(deps: { db: Executor; clock: Clock; ports: FourNumbersPorts }) {
  const queries = () => fourNumbersQueries(deps.db);
  const making = new Map<string, Promise<TreeCounts>>();

  /** The organiser's drives' trees summed a batch of drives at a time (yielding between), and stored. */
  async function makeOrganiserCounts(organiserId: string): Promise<TreeCounts> {
    const at = deps.clock.now();
    const boundary = checkBoundary(at);
    const total: TreeCounts = { treesPlanted: 0, treesAliveChecked: 0, treesVerified: 0 };
    const driveIds = await queries().organiserDriveIds(organiserId);
    for (let from = 0; from < driveIds.length; from += ORGANISER_DRIVES_PER_BATCH) {
      const batch = driveIds.slice(from, from + ORGANISER_DRIVES_PER_BATCH);
      const c = await queries().ofDrives(batch, boundary);
      total.treesPlanted += c.treesPlanted;
      total.treesAliveChecked += c.treesAliveChecked;
      total.treesVerified += c.treesVerified;
      await yieldToEventLoop();
    }
    await chartsQueries(deps.db).saveSnapshot({
      name: organiserCountsName(organiserId),
      last_month: at.toISOString().slice(0, 7),
      body: JSON.stringify(total),
      computed_at: at.toISOString(),
    });
    return total;
  }

  return {
    /**
     * The trees at every drive of the organiser's, as they stand now (issue 21 §3; the corporate
     * dashboard and impact report): stored, made again after ORGANISER_COUNTS_MAX_AGE_MS.
     */
    async organiserTreeCounts(organiserId: string): Promise<TreeCounts> {
      const name = organiserCountsName(organiserId);
      const stored = await chartsQueries(deps.db).snapshot(name);
      const age = stored ? deps.clock.now().getTime() - Date.parse(stored.computed_at) : -1;
      const fresh = age >= 0 && age < ORGANISER_COUNTS_MAX_AGE_MS;
      if (stored && stored.body !== '' && fresh) return JSON.parse(stored.body) as TreeCounts;
      let made = making.get(name);
      if (!made) {
        made = makeOrganiserCounts(organiserId).finally(() => making.delete(name));
        making.set(name, made);
      }
      // Out of date: the stored counts answer while they are made again (no request waits for a
      // walk over every drive but the very first); a failed remake is tried again next time.
      if (stored && stored.body !== '') {
        made.catch(() => undefined);
        return JSON.parse(stored.body) as TreeCounts;
      }
      return made;
    },

    /**
     * The community's planted, alive at last check and verified plants, and every living plant
     * (`alive`, checked or not: those not checked are the plants CO₂ leaves out).
     */
    communityTreeCounts: (): Promise<TreeCounts & { alive: number }> =>
      queries().community(checkBoundary(deps.clock.now())),

    /** A drive's four numbers (GET /api/drives/{id}/four-numbers); 404 for an unknown drive. */
    async driveFourNumbers(driveId: string): Promise<FourNumbers> {
      if (!(await deps.ports.driveExists(driveId))) throw notFound(DRIVE_MESSAGES.notFound);
      const [funded, counts] = await Promise.all([
        deps.ports.treesFundedForDrive(driveId),
        queries().ofDrive(driveId, checkBoundary(deps.clock.now())),
      ]);
      return { treesFunded: funded, ...counts };
    },
  };
}
export type TreeFourNumbers = ReturnType<typeof treeFourNumbers>;
