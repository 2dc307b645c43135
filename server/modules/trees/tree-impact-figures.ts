import type { Clock } from '../../lib/clock';
import { stopIfAborted, yieldToEventLoop } from '../../lib/yield';
import type { UnitOfWork } from '../../db/unit-of-work';
import { communityImpactFromPartials, groupPartial } from './tree-impact';
import { impactSummaryQueries, type Group } from './tree-impact-summary.repository';

/** A partial's unmeasured plants are aged again at least this often (they grow with time). */
export const PARTIAL_MAX_AGE_MS = 60 * 60_000;
/** Groups (species, size, planting year) counted per pass, so a pass stays bounded. */
const GROUPS_PER_PASS = 500;

/**
 * The community's impact figure (issue 20): `tree_impact_partials` per species, size and planting year, kept by
 * a job each minute, plus the rows written since, so a request reads a few hundred rows instead
 * of every summary row (docs/decisions/community-impact-figure.md).
 */
export function impactFigures({ uow, clock }: { uow: UnitOfWork; clock: Clock }) {
  const summary = () => impactSummaryQueries(uow.db);

  return {
    /**
     * Living plants, CO₂ and O₂ of the whole community by the one method (for /api/stats): the
     * partials plus the changed rows' differences, computed now.
     */
    async communityImpact() {
      const [partials, changed] = await Promise.all([
        summary().partials(),
        summary().changedRows(),
      ]);
      return communityImpactFromPartials(partials, changed, clock.now());
    },

    /**
     * One pass of the figure job: counts every species, size and planting year with changed rows into its
     * partial, and ages partials older than PARTIAL_MAX_AGE_MS again; one short transaction per
     * group, yielding between them, stopping between them on `signal`. Answers how
     * many partials it made.
     */
    async refreshImpactFigures(signal?: AbortSignal): Promise<number> {
      const now = clock.now();
      const before = new Date(now.getTime() - PARTIAL_MAX_AGE_MS).toISOString();
      const [changed, stale] = await Promise.all([
        summary().changedGroups(GROUPS_PER_PASS),
        summary().staleGroups(before, GROUPS_PER_PASS),
      ]);
      const groups = new Map<string, Group>();
      for (const g of [...changed, ...stale])
        groups.set(`${g.species_id}|${g.size}|${g.planted_year}`, g);
      let done = 0;
      for (const group of groups.values()) {
        stopIfAborted(signal);
        await uow.withTransaction(async (tx) => {
          const queries = impactSummaryQueries(tx.db);
          const rows = await queries.groupRows(group);
          await queries.settleGroup(group, rows, groupPartial(group, rows, clock.now()));
        });
        done += 1;
        await yieldToEventLoop();
      }
      return done;
    },
  };
}
export type ImpactFigures = ReturnType<typeof impactFigures>;
