import { describe, expect, it, vi } from 'vitest';
import { HISTORY_MONTHS } from '../../../contract/dashboards';
import { FOREST_LIMITS } from '../../../contract/forest';
import { buildDrive, buildTree, insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewTree } from '../../db/tables';
import { impactHistory, monthEnds, type HistoryCohort } from './tree-impact-history';
import { chartsQueries, ownerSummaryName } from './tree-charts.repository';
import { impactSummaryQueries } from './tree-impact-summary.repository';
import { treesRepository } from './trees.repository';
import { treesTestKit } from './tree-test-kit';

const DAY_MS = 86_400_000;

/** A walk in a write's own millisecond is not stored (it may have missed the write): wait it out. */
const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));

/** The community tree charts a job makes and stores (0030, issue 20). */
describe.each(databaseTargets)('the community tree charts on $name', (target) => {
  const kit = treesTestKit(target);

  /** 2,345 trees (more than one batch) over three years: dead, measured, planted in many months. */
  async function community() {
    const owner = await insertUser(kit.db());
    const now = kit.clock.now().getTime();
    // 60 drives: more than the forest keeps (FOREST_LIMITS.drivesMax), some trees at none.
    const drives = Array.from({ length: 60 }, () => buildDrive(owner.id));
    await kit.db().insertInto('drives').values(drives).execute();
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
          drive_id: i % 4 === 0 ? null : drives[Math.floor(i / 4) % drives.length]!.id,
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

    // The forest's figures of the same walk equal SQL aggregates of their trees.
    const figures = await kit.services().trees.ownerTreeFigures(owner!.owner_id);
    const mine = kit.db().selectFrom('trees').where('owner_id', '=', owner!.owner_id);
    const bySpecies = await mine
      .groupBy('species_id')
      .select((eb) => ['species_id', eb.fn.sum<number>('tree_count').as('plants')])
      .execute();
    expect(new Map(figures.species)).toEqual(
      new Map(bySpecies.map((r) => [r.species_id, Number(r.plants)])),
    );
    expect(figures.plants).toBe(bySpecies.reduce((n, r) => n + Number(r.plants), 0));
    const byDrive = await mine
      .where('drive_id', 'is not', null)
      .groupBy('drive_id')
      .select((eb) => ['drive_id', eb.fn.max('planted_at').as('at')])
      .orderBy((eb) => eb.fn.max('planted_at'), 'desc')
      .orderBy('drive_id')
      .limit(FOREST_LIMITS.drivesMax)
      .execute();
    expect(figures.drives).toHaveLength(FOREST_LIMITS.drivesMax);
    expect(figures.drives).toEqual(byDrive.map((r) => [r.drive_id, r.at]));
  });

  it("stores a member's summary until a write to their trees, an hour, or a new month", async () => {
    await kit.setup();
    const owner = await insertUser(kit.db());
    const other = await insertUser(kit.db());
    const repo = treesRepository(kit.db());
    const first = buildTree(owner.id, { tree_count: 4, alive_count: 4 });
    await repo.insert(first);
    await nextMillisecond();
    const trees = kit.services().trees;
    const summary = await trees.ownerSummary(owner.id, HISTORY_MONTHS);
    expect(summary.livingPlants).toBe(4);
    const stored = () =>
      kit
        .db()
        .selectFrom('tree_chart_snapshots')
        .selectAll()
        .where('name', '=', `owner:${owner.id}`)
        .executeTakeFirst();
    expect((await stored())!.body).not.toBe('');

    // Read as one row: a tree written behind the repository's back is not seen…
    await kit
      .db()
      .insertInto('trees')
      .values(buildTree(owner.id, { tree_count: 2, alive_count: 2 }))
      .execute();
    expect(await trees.ownerSummary(owner.id, HISTORY_MONTHS)).toEqual(summary);
    // …another member's write leaves it stored…
    await repo.insert(buildTree(other.id, { tree_count: 9, alive_count: 9 }));
    expect((await stored())!.body).not.toBe('');
    // …and a write to one of theirs marks it out of date in its transaction.
    await repo.update(first.id, { alive_count: 3 });
    expect((await stored())!.body).toBe('');
    await nextMillisecond();
    const again = await trees.ownerSummary(owner.id, HISTORY_MONTHS);
    expect(again.livingPlants).toBe(3 + 2);
    expect(again.records).toBe(2);

    // The curve ages: within the hour it is read as stored, after it made again.
    await kit
      .db()
      .insertInto('trees')
      .values(buildTree(owner.id, { tree_count: 7, alive_count: 7 }))
      .execute();
    kit.clock.advance(3_500_000);
    expect(await trees.ownerSummary(owner.id, HISTORY_MONTHS)).toEqual(again);
    kit.clock.advance(200_000);
    expect((await trees.ownerSummary(owner.id, HISTORY_MONTHS)).livingPlants).toBe(5 + 7);
  });

  it("reads a member's stored figures once for calls made side by side, and again after", async () => {
    await kit.setup();
    const owner = await insertUser(kit.db());
    await treesRepository(kit.db()).insert(buildTree(owner.id, { tree_count: 4, alive_count: 4 }));
    await nextMillisecond();
    const trees = kit.services().trees;
    const made = await trees.ownerTreeFigures(owner.id);
    const executor = kit.db().getExecutor();
    const spy = vi.spyOn(executor, 'executeQuery');
    const snapshotReads = () =>
      spy.mock.calls.filter(([query]) => /^select .* from "tree_chart_snapshots"/.test(query.sql))
        .length;
    try {
      // A forest view: its totals and drives side by side, each asking for the member's figures.
      const [figures, totals, forest] = await Promise.all([
        trees.ownerTreeFigures(owner.id),
        trees.forestTotals(owner.id),
        trees.forestFigures(owner.id, 50),
      ]);
      expect(snapshotReads()).toBe(1);
      expect(figures).toEqual(made);
      expect(totals.planted).toBe(4);
      expect(forest.totals).toEqual(totals);
      expect(forest.driveIds).toEqual(made.drives.map(([drive]) => drive));
      // Shared only while under way: the next call reads the row again and sees a write.
      await treesRepository(kit.db()).insert(
        buildTree(owner.id, { tree_count: 2, alive_count: 2 }),
      );
      await nextMillisecond();
      expect((await trees.ownerTreeFigures(owner.id)).plants).toBe(6);
      expect(snapshotReads()).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });

  it("does not store a member's summary made from reads older than a write's mark", async () => {
    await kit.setup();
    const owner = await insertUser(kit.db());
    const queries = chartsQueries(kit.db());
    const name = ownerSummaryName(owner.id);
    const body = async () => (await queries.snapshot(name))?.body;
    await queries.staleOwnerSummaries([owner.id], '2026-06-15T10:00:00.005Z');
    const made = (at: string, text: string) =>
      queries.saveSnapshot(
        { name, last_month: '2026-06', body: text, computed_at: at },
        { ifNewer: true },
      );
    // A walk that began before the write (or in its millisecond) would store what it missed.
    await made('2026-06-15T10:00:00.004Z', 'before');
    await made('2026-06-15T10:00:00.005Z', 'same');
    expect(await body()).toBe('');
    await made('2026-06-15T10:00:00.006Z', 'after');
    expect(await body()).toBe('after');
    // A later walk replaces an older summary.
    await made('2026-06-15T11:00:00.000Z', 'newer');
    await made('2026-06-15T10:30:00.000Z', 'older');
    expect(await body()).toBe('newer');
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
