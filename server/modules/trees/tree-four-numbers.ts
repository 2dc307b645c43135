import { DRIVE_MESSAGES } from '../../../contract/drives';
import { checkBoundary, type FourNumbers } from '../../../contract/four-numbers';
import type { Executor } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { fourNumbersQueries, type TreeCounts } from './tree-four-numbers.repository';

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
  return {
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
