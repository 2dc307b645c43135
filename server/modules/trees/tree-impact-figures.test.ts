import { describe, expect, it } from 'vitest';
import { buildTree, insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewTree } from '../../db/tables';
import { communityImpact, groupPartial, type ImpactCohort } from './tree-impact';
import { impactSummaryQueries } from './tree-impact-summary.repository';
import { treesRepository } from './trees.repository';
import { treesTestKit } from './tree-test-kit';

/** The community impact figure kept by the figure job (0026, docs/decisions/community-impact-figure.md). */
describe.each(databaseTargets)('the community impact figure on $name', (target) => {
  const kit = treesTestKit(target);
  const tree = (owner: string, day: string, overrides: Partial<NewTree> = {}) =>
    buildTree(owner, {
      species_id: 7,
      size: 'packet',
      planted_at: `${day}T09:00:00.000Z`,
      tree_count: 5,
      alive_count: 5,
      ...overrides,
    });

  async function expectFigureIsTheScan() {
    const reference = communityImpact(
      (await treesRepository(kit.db()).impactCohorts()) as ImpactCohort[],
      kit.clock.now(),
    );
    const figure = await kit.services().trees.communityImpact();
    expect(figure.treesRegistered).toBe(reference.treesRegistered);
    expect(figure.co2Kg.mid).toBeCloseTo(reference.co2Kg.mid, 3);
    expect(figure.o2Kg.high).toBeCloseTo(reference.o2Kg.high, 3);
    return figure;
  }

  it('counts changed rows at once, then the job folds them into partials per species, size and year', async () => {
    await kit.setup();
    const owner = await insertUser(kit.db());
    const repo = treesRepository(kit.db());
    await repo.insert(tree(owner.id, '2025-03-01'));
    await repo.insert(tree(owner.id, '2025-03-01', { size: 'potted' }));
    await repo.insert(tree(owner.id, '2026-02-10'));
    await repo.insert(
      tree(owner.id, '2026-02-11', {
        last_measured_at: '2026-06-01T00:00:00.000Z',
        last_height_cm: 140,
        last_diameter_cm: 2,
      }),
    );
    const summary = impactSummaryQueries(kit.db());
    expect(await summary.partials()).toEqual([]);
    expect(await summary.changedRows()).toHaveLength(4);
    const before = await expectFigureIsTheScan();
    expect(before.treesRegistered).toBe(20);

    // 2025 packet, 2025 potted, 2026 packet: three groups.
    expect(await kit.services().trees.refreshImpactFigures()).toBe(3);
    expect(await summary.changedRows()).toEqual([]);
    const partials = await summary.partials();
    expect(
      partials.map((p) => `${p.size} ${p.planted_year} ${p.plants}+${p.measured_plants}`).sort(),
    ).toEqual(['packet 2025 5+0', 'packet 2026 5+5', 'potted 2025 5+0']);
    await expectFigureIsTheScan();
    // Nothing changed and nothing is an hour old: a pass does nothing.
    expect(await kit.services().trees.refreshImpactFigures()).toBe(0);

    // A death empties a row: the figure drops at once, and the job removes the empty row.
    const [first] = await kit
      .db()
      .selectFrom('trees')
      .select('id')
      .orderBy('planted_at')
      .limit(1)
      .execute();
    await repo.update(first!.id, { status: 'dead', alive_count: 0 });
    expect((await expectFigureIsTheScan()).treesRegistered).toBe(15);
    expect(await kit.services().trees.refreshImpactFigures()).toBe(1);
    expect(await summary.rows()).toHaveLength(3);
    await expectFigureIsTheScan();

    // The plants grow: an hour on, every partial is aged again.
    kit.clock.advance(61 * 60_000);
    expect(await kit.services().trees.refreshImpactFigures()).toBe(2);
    const later = await expectFigureIsTheScan();
    expect(later.co2Kg.mid).toBeGreaterThan(before.co2Kg.mid * 0.5);
  });

  it('answers /api/stats from the figure', async () => {
    await kit.setup();
    const owner = await insertUser(kit.db());
    await treesRepository(kit.db()).insert(
      tree(owner.id, '2024-05-05', { tree_count: 8, alive_count: 8 }),
    );
    await kit.services().trees.refreshImpactFigures();
    const stats = (await kit.call('GET', '/api/stats')).json().data;
    const figure = await expectFigureIsTheScan();
    expect(stats.treesRegistered).toBe(8);
    expect(stats.co2Kg).toBe(Math.round(figure.co2Kg.mid));
  });

  // Only PostgreSQL lets another connection write while the job counts a group.
  it.runIf(target.name !== 'sqlite')(
    'loses no write made while the job counts its group',
    async () => {
      await kit.setup();
      const owner = await insertUser(kit.db());
      const repo = treesRepository(kit.db());
      await repo.insert(tree(owner.id, '2026-04-01'));
      await kit.services().trees.refreshImpactFigures();
      // Changed since: the job counts it.
      await repo.insert(tree(owner.id, '2026-04-01'));
      const group = { species_id: 7, size: 'packet' as const, planted_year: '2026' };
      let blockedWrite: Promise<unknown> | undefined;
      let settled = false;
      await kit
        .db()
        .transaction()
        .execute(async (tx) => {
          const queries = impactSummaryQueries(tx);
          const rows = await queries.groupRows(group);
          // A new planting day of the same group commits between the read and the settle ...
          await repo.insert(tree(owner.id, '2026-04-02'));
          // ... and a write to a day the job holds waits for it.
          blockedWrite = repo.insert(tree(owner.id, '2026-04-01')).then(() => {
            expect(settled).toBe(true);
          });
          await new Promise((resolve) => setTimeout(resolve, 200));
          await queries.settleGroup(group, rows, groupPartial(group, rows, kit.clock.now()));
          settled = true;
        });
      await blockedWrite;
      expect((await expectFigureIsTheScan()).treesRegistered).toBe(20);
      await kit.services().trees.refreshImpactFigures();
      expect(await impactSummaryQueries(kit.db()).changedRows()).toEqual([]);
      expect((await expectFigureIsTheScan()).treesRegistered).toBe(20);
    },
  );
});
