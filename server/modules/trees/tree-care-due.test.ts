import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../tests/support/test-database';
import { CARE_OPEN_END, careDueQueries } from './tree-care-due.repository';
import { referenceCareDue } from './tree-care-reference';
import { treesTestKit } from './tree-test-kit';

/**
 * `tree_care_due` (issue 20) is kept by every write that moves a care rule, in its transaction:
 * after each step the stored list is the list computed from the trees and the care log, and the
 * rows are the rows a rebuild makes.
 */
describe.each(databaseTargets)('stored care rules on $name', (target) => {
  const kit = treesTestKit(target);

  const storedRows = () =>
    kit.db().selectFrom('tree_care_due').selectAll().orderBy('tree_id').orderBy('rule').execute();

  /** The stored list agrees with the reference now and three moments ahead; a rebuild changes nothing. */
  async function expectInStep(ownerId: string) {
    const db = kit.db();
    const now = kit.clock.now();
    for (const days of [0, 9, 40, 400]) {
      const at = new Date(now.getTime() + days * 86_400_000);
      expect(await kit.services().trees.careDue(ownerId, at), `+${days}d`).toEqual(
        await referenceCareDue(db, ownerId, at),
      );
    }
    const kept = await storedRows();
    await careDueQueries(db).rebuildCareDue();
    expect(await storedRows()).toEqual(kept);
  }

  it('follows registration, care, measurements, health, edits and deletion', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const other = await kit.signIn();
    const made = await kit.register(me.headers, { plantedAt: '2026-04-01' });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.tree.id as string;
    const url = `/api/trees/${id}`;
    await kit.register(me.headers, { plantedAt: '2024-03-01', treeName: 'Old oak' });
    await kit.register(other.headers);
    await expectInStep(me.user.id);
    // Registered today: nothing is due yet (issue 21 §4); a week on, the watering is.
    expect(await kit.services().trees.careDue(me.user.id)).toEqual([]);
    const week = new Date(kit.clock.now().getTime() + 8 * 86_400_000);
    expect((await kit.services().trees.careDue(me.user.id, week)).length).toBeGreaterThan(0);

    const post = (path: string, body: object) =>
      kit.call('POST', `${url}${path}`, me.headers, body);
    expect((await post('/care', { action: 'watered' })).statusCode).toBe(201);
    await expectInStep(me.user.id);
    expect((await post('/care', { action: 'pruned' })).statusCode).toBe(201);
    expect((await post('/care', { action: 'mulched', at: '2026-05-02' })).statusCode).toBe(201);
    await expectInStep(me.user.id);
    const measured = await post('/measurements', {
      measuredAt: '2026-05-30',
      heightCm: 40,
      diameterCm: 1,
    });
    expect(measured.statusCode).toBe(201);
    await expectInStep(me.user.id);

    expect((await post('/health', { status: 'dead', cause: 'drought' })).statusCode).toBe(200);
    expect((await storedRows()).filter((r) => r.tree_id === id)).toEqual([]);
    await expectInStep(me.user.id);
    expect((await post('/health', { status: 'healthy' })).statusCode).toBe(200);
    expect((await storedRows()).some((r) => r.tree_id === id)).toBe(true);
    await expectInStep(me.user.id);

    const edited = await kit.sendForm('PATCH', url, me.headers, { plantedAt: '2026-05-01' });
    expect(edited.statusCode).toBe(200);
    await expectInStep(me.user.id);

    expect((await kit.call('DELETE', url, me.headers)).statusCode).toBe(200);
    expect((await storedRows()).filter((r) => r.tree_id === id)).toEqual([]);
    await expectInStep(me.user.id);
    await expectInStep(other.user.id);
  });

  it('prunes rules whose window closed, keeping what still shows', async () => {
    await kit.setup();
    const me = await kit.signIn();
    // Planted almost two years ago: the second year's watering shows until its second birthday.
    await kit.register(me.headers, { plantedAt: '2024-07-01' });
    expect((await storedRows()).some((r) => r.closes_at !== CARE_OPEN_END)).toBe(true);
    // After it, only measuring and the check-up (issue 21 §3) are stored; the young-tree rules
    // have closed.
    kit.clock.set('2026-07-10T10:00:00.000Z');
    const before = await referenceCareDue(kit.db(), me.user.id, kit.clock.now());
    expect(await kit.services().trees.prune(kit.clock.now())).toBeGreaterThan(0);
    const rows = await storedRows();
    expect(rows.map((r) => r.task)).toEqual(['measure', 'checkup']);
    expect(await kit.services().trees.careDue(me.user.id)).toEqual(before);
  });
});
