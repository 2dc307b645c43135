import { describe, expect, it } from 'vitest';
import { HISTORY_MONTHS } from '../../../contract/dashboards';
import { buildTree, insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewTree } from '../../db/tables';
import { impactHistory, monthEnds, type HistoryCohort } from './tree-impact-history';
import { impactSummaryQueries } from './tree-impact-summary.repository';
import { treesRepository } from './trees.repository';
import { treesTestKit } from './tree-test-kit';

const DAY_MS = 86_400_000;

/** The community tree charts a job makes and stores (0030, issue 20). */
describe.each(databaseTargets)('the community tree charts on $name', (target) => {
  const kit = treesTestKit(target);

  /** 2,345 trees (more than one batch) over three years: dead, measured, planted in many months. */
  async function community() {
    const owner = await insertUser(kit.db());
    const now = kit.clock.now().getTime();
    const rows: NewTree[] = [];
    for (let i = 0; i < 2_345; i++) {
      const planted = now - ((i * 7919) % (3 * 365)) * DAY_MS;
      const measured = i % 3 === 0;
      const dead = i % 11 === 0;
      rows.push(
        buildTree(owner.id, {
          species_id: 1 + (i % 23),
          size: i % 2 ? 'packet' : 'potted',
          planted_at: new Date(planted).toISOString(),
          created_at: new Date(planted + DAY_MS).toISOString(),
          status: dead ? 'dead' : 'alive',
          status_changed_at: dead ? new Date(planted + 90 * DAY_MS).toISOString() : null,
          tree_count: 1 + (i % 9),
          alive_count: dead ? 0 : 1 + (i % 9) - (i % 2),
          ...(measured
            ? {
                last_measured_at: new Date(planted + 30 * DAY_MS).toISOString(),
                last_height_cm: 40 + (i % 300),
                last_diameter_cm: 1 + (i % 12),
              }
            : {}),
        }),
      );
    }
    for (let i = 0; i < rows.length; i += 500)
      await kit
        .db()
        .insertInto('trees')
        .values(rows.slice(i, i + 500))
        .execute();
    // A bulk load: the impact summary is made again from the rows.
    await impactSummaryQueries(kit.db()).rebuild();
  }

  it('makes the same CO₂ history as grouping every tree in SQL, and stores it', async () => {
    await kit.setup();
    await community();
    const trees = kit.services().trees;
    const charts = await trees.communityCharts(HISTORY_MONTHS);
    const grouped = impactHistory(
      (await treesRepository(kit.db()).historyCohorts()) as HistoryCohort[],
      monthEnds(kit.clock.now(), HISTORY_MONTHS),
    );
    expect(charts.co2OverTime).toEqual(grouped);
    expect(charts.co2OverTime.at(-1)!.livingPlants).toBeGreaterThan(1_000);
    // The living species mix is the community figure's living plants, by species.
    const living = charts.speciesMix.reduce((n, s) => n + s.plants, 0);
    expect(living).toBe((await trees.communityImpact()).treesRegistered);
    const registered = charts.treesPerMonth.reduce((n, m) => n + m.records, 0);
    expect(registered).toBeGreaterThan(0);
    expect(registered).toBeLessThan(2_345);

    // Stored: a tree written now shows once the job makes them again.
    const owner = await insertUser(kit.db());
    await treesRepository(kit.db()).insert(
      buildTree(owner.id, { tree_count: 50, alive_count: 50, species_id: 3 }),
    );
    expect(await trees.communityCharts(HISTORY_MONTHS)).toEqual(charts);
    expect(await trees.refreshCommunityCharts()).toBe(1);
    const after = await trees.communityCharts(HISTORY_MONTHS);
    expect(after.co2OverTime.at(-1)!.livingPlants).toBe(
      charts.co2OverTime.at(-1)!.livingPlants + 50,
    );
  });

  it("sums a member's own trees in batches to the same history as grouping them in SQL", async () => {
    await kit.setup();
    await community();
    const [owner] = await kit.db().selectFrom('trees').select('owner_id').limit(1).execute();
    const summary = await kit.services().trees.ownerSummary(owner!.owner_id, HISTORY_MONTHS);
    const cohorts = (await treesRepository(kit.db()).historyCohorts(
      owner!.owner_id,
    )) as HistoryCohort[];
    expect(summary.history).toEqual(
      impactHistory(cohorts, monthEnds(kit.clock.now(), HISTORY_MONTHS)),
    );
    expect(summary.records).toBe(2_345);
    const living = cohorts.filter((c) => c.status !== 'dead');
    expect(summary.livingRecords).toBe(living.reduce((n, c) => n + c.records, 0));
    expect(summary.livingPlants).toBe(living.reduce((n, c) => n + c.alive, 0));
    expect(summary.co2Kg).toEqual(summary.history.at(-1)!.co2Kg);
  });

  it('makes them again when a new month begins, without waiting for the job', async () => {
    await kit.setup();
    const owner = await insertUser(kit.db());
    await treesRepository(kit.db()).insert(buildTree(owner.id, { tree_count: 4, alive_count: 4 }));
    const trees = kit.services().trees;
    const june = await trees.communityCharts(HISTORY_MONTHS);
    expect(june.treesPerMonth.at(-1)!.month).toBe('2026-06');
    kit.clock.advance(31 * DAY_MS);
    const july = await trees.communityCharts(HISTORY_MONTHS);
    expect(july.treesPerMonth.at(-1)!.month).toBe('2026-07');
    expect(july.co2OverTime.at(-1)!.livingPlants).toBe(4);
  });
});
