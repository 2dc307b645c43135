import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addCalendarMonths } from '../../../contract/four-numbers';
import { computeTreeImpact } from '../../../contract/impact';
import { buildTree } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { queryPlans } from '../../../tests/support/query-plans';
import type { SessionUser } from '../auth/auth.service';
import { fourNumbersQueries } from './tree-four-numbers.repository';
import { treesTestKit, NOW } from './tree-test-kit';
import { treesRepository } from './trees.repository';

const DAY = 86_400_000;

describe.each(databaseTargets)('the four honest numbers on $name (issue 21 §3)', (target) => {
  const kit = treesTestKit(target);
  const { register, call, db } = kit;
  const counts = () => kit.services().trees.communityTreeCounts();
  const setVerification = (id: string, status: 'unverified' | 'verified' | 'rejected') =>
    db().updateTable('trees').set({ verification_status: status }).where('id', '=', id).execute();
  const measure = (user: SessionUser, treeId: string, at: string) =>
    kit.services().trees.addMeasurement(user, treeId, {
      form: { measuredAt: at, heightCm: 120, diameterCm: 3, aliveCount: undefined },
      photo: null,
    });

  /** `tree_check_days` against the same sums made from every tree now. */
  async function expectSummaryConsistent() {
    const stored = await db()
      .selectFrom('tree_check_days')
      .select(['checked_day', 'verified', 'planted', 'alive'])
      .where((eb) => eb.or([eb('planted', '!=', 0), eb('alive', '!=', 0)]))
      .orderBy('checked_day')
      .orderBy('verified')
      .execute();
    const { rows } = await sql<{
      checked_day: string;
      verified: number;
      planted: number;
      alive: number;
    }>`select coalesce(substr(last_checked_at, 1, 10), '') as checked_day,
        case when verification_status = 'verified' then 1 else 0 end as verified,
        sum(tree_count) as planted,
        sum(case when status = 'dead' then 0 else alive_count end) as alive
      from trees where verification_status <> 'rejected'
      group by 1, 2 order by 1, 2`.execute(db());
    const norm = (r: {
      checked_day: string;
      verified: number;
      planted: number;
      alive: number;
    }) => ({
      checked_day: r.checked_day,
      verified: Number(r.verified),
      planted: Number(r.planted),
      alive: Number(r.alive),
    });
    expect(stored.map(norm)).toEqual(rows.map(norm));
  }

  /** The numbers counted from every tree row at the clock (the reference). */
  async function reference() {
    const boundary = addCalendarMonths(kit.clock.now(), -12).toISOString();
    const trees = await db().selectFrom('trees').selectAll().execute();
    const kept = trees.filter((t) => t.verification_status !== 'rejected');
    const checked = kept.filter(
      (t) => t.status !== 'dead' && t.last_checked_at !== null && t.last_checked_at > boundary,
    );
    const sum = (ts: typeof trees, f: (t: (typeof trees)[number]) => number) =>
      ts.reduce((s, t) => s + f(t), 0);
    return {
      treesPlanted: sum(kept, (t) => t.tree_count),
      treesAliveChecked: sum(checked, (t) => t.alive_count),
      treesVerified: sum(
        checked.filter((t) => t.verification_status === 'verified'),
        (t) => t.alive_count,
      ),
    };
  }

  async function expectNumbers(expected: {
    treesPlanted: number;
    treesAliveChecked: number;
    treesVerified: number;
  }) {
    expect(await counts()).toMatchObject(expected);
    expect(await reference()).toEqual(expected);
    await expectSummaryConsistent();
  }

  it('move as trees are registered, verified, rejected, measured and left unchecked', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const user = me.user as unknown as SessionUser;
    const a = (await register(me.headers, { treeCount: '12' })).json().data.tree;
    await expectNumbers({ treesPlanted: 12, treesAliveChecked: 12, treesVerified: 0 });
    // Registration is the first check.
    const stored = await db()
      .selectFrom('trees')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirst();
    expect(stored?.last_checked_at).toBe(stored?.created_at);
    const b = (await register(me.headers, { treeCount: '5' })).json().data.tree;
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 17, treesVerified: 0 });

    await setVerification(a.id, 'verified');
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 17, treesVerified: 12 });
    // A rejected tree counts nowhere; resubmitted (unverified again), it counts once more.
    await setVerification(b.id, 'rejected');
    await expectNumbers({ treesPlanted: 12, treesAliveChecked: 12, treesVerified: 12 });
    await setVerification(b.id, 'unverified');
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 17, treesVerified: 12 });

    // Two of b's plants died (a health report, which is also a check).
    kit.clock.advance(30 * DAY);
    await kit.services().trees.reportHealth(user, b.id, {
      form: { status: 'healthy', aliveCount: 3 },
      photo: null,
    });
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 15, treesVerified: 12 });

    // a was registered at NOW: a millisecond before its check is 12 months old it still counts.
    kit.clock.set(new Date(addCalendarMonths(new Date(NOW), 12).getTime() - 1).toISOString());
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 15, treesVerified: 12 });
    kit.clock.advance(1);
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 3, treesVerified: 0 });

    // Measured again: checked (and verified) once more; an old measurement typed in later is not.
    await measure(user, a.id, kit.clock.now().toISOString());
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 15, treesVerified: 12 });
    kit.clock.advance(40 * DAY);
    // b's last check was its health report (NOW + 30 days): past 12 months now.
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 12, treesVerified: 12 });
    await measure(user, b.id, '2026-06-15T00:00:00.000Z');
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 12, treesVerified: 12 });
    // A care entry is a check.
    await kit.services().trees.logCare(user, b.id, { action: 'watered', note: null });
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 15, treesVerified: 12 });

    // A dead tree stays planted and is alive nowhere; a deleted one leaves every number.
    await kit.services().trees.reportHealth(user, a.id, {
      form: { status: 'dead', cause: 'drought', aliveCount: undefined },
      photo: null,
    });
    await expectNumbers({ treesPlanted: 17, treesAliveChecked: 3, treesVerified: 0 });
    await treesRepository(db()).remove(a.id);
    await expectNumbers({ treesPlanted: 5, treesAliveChecked: 3, treesVerified: 0 });
  });

  it('GET /api/stats carries them and counts CO₂ of plants alive at last check only', async () => {
    await kit.setup();
    const me = await kit.signIn();
    await register(me.headers, { treeCount: '4' });
    // Registered two years ago and never checked since: alive, but unconfirmed.
    const old = buildTree(me.user.id, {
      species_id: 9,
      tree_count: 6,
      alive_count: 6,
      planted_at: '2024-05-01T00:00:00.000Z',
      created_at: '2024-05-02T00:00:00.000Z',
    });
    await treesRepository(db()).insert(old);
    await db()
      .insertInto('donation_totals')
      .values({ currency: 'USD', amount_minor: 6000, trees: 9, donations: 1 })
      .execute();
    await kit.services().trees.refreshCommunityCharts();

    const res = await call('GET', '/api/stats');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      treesFunded: 9,
      treesPlanted: 10,
      treesAliveChecked: 4,
      treesVerified: 0,
      treesRegistered: 10,
      treesUnconfirmed: 6,
    });
    const checked = computeTreeImpact({
      speciesValue: 1,
      size: 'packet',
      plantedAt: '2026-05-20T00:00:00.000Z',
      aliveCount: 4,
      dead: false,
      at: kit.clock.now(),
    });
    // The living plants' figure less the unconfirmed ones' (each rounded once): within a kilogram.
    expect(Math.abs(data.co2Kg - checked.co2Kg.mid)).toBeLessThanOrEqual(1);
    expect(Math.abs(data.o2Kg - checked.o2Kg.mid)).toBeLessThanOrEqual(1);
    expect(data.co2Kg).toBeGreaterThan(0);
  });

  describe('GET /api/drives/{id}/four-numbers', () => {
    it('refuses without a session, answers 400 for a bad id and 404 for an unknown drive', async () => {
      await kit.setup();
      const me = await kit.signIn();
      const drive = await kit.insertDrive(me.user.id);
      expect((await call('GET', `/api/drives/${drive.id}/four-numbers`)).statusCode).toBe(401);
      expect(
        (await call('GET', `/api/drives/${'x'.repeat(65)}/four-numbers`, me.headers)).statusCode,
      ).toBe(400);
      expect((await call('GET', '/api/drives/nope/four-numbers', me.headers)).statusCode).toBe(404);
    });

    it("counts the drive's trees only, for any member", async () => {
      await kit.setup();
      const organiser = await kit.signIn();
      const other = await kit.signIn();
      const drive = await kit.insertDrive(organiser.user.id, {
        starts_at: '2026-05-20T08:00:00.000Z',
      });
      await kit.join(drive.id, other.user.id);
      const one = (await register(other.headers, { treeCount: '8', driveId: drive.id })).json().data
        .tree;
      await register(other.headers, { treeCount: '3', driveId: drive.id });
      await register(other.headers, { treeCount: '20' }); // not at the drive
      await kit.insertTree(other.user.id, {
        drive_id: drive.id,
        tree_count: 2,
        alive_count: 2,
        created_at: '2024-01-01T00:00:00.000Z',
      });
      await setVerification(one.id, 'verified');
      await db()
        .insertInto('donation_drive_days')
        .values({
          drive_id: drive.id,
          paid_day: '2026-05-01',
          currency: 'USD',
          organiser_id: organiser.user.id,
          amount_minor: 5000,
          trees: 10,
          donations: 2,
        })
        .execute();
      for (const who of [organiser, other]) {
        const res = await call('GET', `/api/drives/${drive.id}/four-numbers`, who.headers);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          success: true,
          data: { treesFunded: 10, treesPlanted: 13, treesAliveChecked: 11, treesVerified: 8 },
        });
      }
    });
  });

  it('the dashboards and the forest carry them', async () => {
    await kit.setup();
    const organiser = await kit.signIn({ profile_type: 'corporate' });
    const member = await kit.signIn();
    const drive = await kit.insertDrive(organiser.user.id, {
      starts_at: '2026-05-20T08:00:00.000Z',
    });
    await kit.join(drive.id, member.user.id);
    const verified = (await register(member.headers, { treeCount: '6', driveId: drive.id })).json()
      .data.tree;
    await register(member.headers, { treeCount: '4', driveId: drive.id });
    const rejected = (await register(member.headers, { treeCount: '9', driveId: drive.id })).json()
      .data.tree;
    // Registered long ago and never checked since: planted, not alive at last check.
    await treesRepository(db()).insert(
      buildTree(member.user.id, {
        tree_count: 2,
        alive_count: 2,
        created_at: '2024-01-01T00:00:00.000Z',
      }),
    );
    await setVerification(verified.id, 'verified');
    await setVerification(rejected.id, 'rejected');

    const corporate = await call('GET', '/api/dashboard/corporate', organiser.headers);
    expect(corporate.statusCode).toBe(200);
    expect(corporate.json().data.fourNumbers).toEqual({
      treesFunded: 0,
      treesPlanted: 10,
      treesAliveChecked: 10,
      treesVerified: 6,
    });
    const individual = await call('GET', '/api/dashboard/individual', member.headers);
    expect(individual.statusCode).toBe(200);
    expect(individual.json().data).toMatchObject({
      fourNumbers: { treesFunded: 0, treesPlanted: 12, treesAliveChecked: 10, treesVerified: 6 },
      treesUnconfirmed: 2,
    });
    const forest = await call('GET', '/api/forest', member.headers);
    expect(forest.statusCode).toBe(200);
    expect(forest.json().data.fourNumbers).toEqual({
      treesFunded: 0,
      treesPlanted: 12,
      treesAliveChecked: 10,
      treesVerified: 6,
    });
  });

  it("sums an organiser's drives in one statement per batch, on trees_drive_idx (issue 20)", async () => {
    await kit.setup();
    const organiser = await kit.signIn({ profile_type: 'corporate' });
    const member = await kit.signIn();
    const drives: string[] = [];
    for (const day of ['2026-05-20', '2026-05-21', '2026-05-22']) {
      const drive = await kit.insertDrive(organiser.user.id, { starts_at: `${day}T08:00:00.000Z` });
      await kit.join(drive.id, member.user.id);
      drives.push(drive.id);
    }
    await register(member.headers, { treeCount: '6', driveId: drives[0] });
    const verified = (await register(member.headers, { treeCount: '4', driveId: drives[1] })).json()
      .data.tree;
    const rejected = (await register(member.headers, { treeCount: '9', driveId: drives[2] })).json()
      .data.tree;
    await register(member.headers, { treeCount: '3', driveId: drives[2] });
    await setVerification(verified.id, 'verified');
    await setVerification(rejected.id, 'rejected');
    if (target.name !== 'sqlite') await sql`analyze trees`.execute(db());
    const boundary = addCalendarMonths(kit.clock.now(), -12).toISOString();

    const {
      plans,
      result: { together, apart },
    } = await queryPlans(db(), async (caught, tx) => ({
      together: await fourNumbersQueries(caught).ofDrives(drives, boundary),
      apart: await Promise.all(drives.map((id) => fourNumbersQueries(tx).ofDrive(id, boundary))),
    }));
    expect(plans).toHaveLength(1);
    const plan = plans[0]!;
    expect(together).toEqual({ treesPlanted: 13, treesAliveChecked: 13, treesVerified: 4 });
    const sum = (k: keyof typeof together) => apart.reduce((n, c) => n + c[k], 0);
    expect(together).toEqual({
      treesPlanted: sum('treesPlanted'),
      treesAliveChecked: sum('treesAliveChecked'),
      treesVerified: sum('treesVerified'),
    });
    expect(await fourNumbersQueries(db()).ofDrives([], boundary)).toEqual({
      treesPlanted: 0,
      treesAliveChecked: 0,
      treesVerified: 0,
    });
    expect(plan).toMatch(/trees_drive_idx/);
    expect(plan).not.toMatch(target.name === 'sqlite' ? /SCAN trees\b/ : /Seq Scan on trees/);
    // The corporate dashboard's counts are the same sums.
    const corporate = await call('GET', '/api/dashboard/corporate', organiser.headers);
    expect(corporate.json().data.fourNumbers).toMatchObject(together);
  });

  it('reminds a member of a tree unchecked for 10 months, once per lapse', async () => {
    await kit.setup();
    const me = await kit.signIn({ name: 'Asha' });
    const user = me.user as unknown as SessionUser;
    const tree = (
      await register(me.headers, { plantedAt: '2024-01-10', treeName: 'Hill neem' })
    ).json().data.tree;
    const checkups = async () =>
      (await kit.noticesOf(me.user.id)).filter(
        (n) => n.kind === 'tree_care' && n.body.includes('Check up on Hill neem'),
      );
    const run = async () => {
      await kit.services().trees.sendCareReminders();
      await kit.idle();
    };
    await run();
    const due = addCalendarMonths(new Date(NOW), 10).getTime();
    kit.clock.set(new Date(due - DAY).toISOString());
    await run();
    expect(await checkups()).toHaveLength(0);
    kit.clock.set(new Date(due).toISOString());
    await run();
    expect(await checkups()).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) {
      kit.clock.advance(DAY);
      await run();
    }
    expect(await checkups()).toHaveLength(1);
    // The care list shows it until the tree is checked; a measurement starts a new lapse.
    await measure(user, tree.id, kit.clock.now().toISOString());
    kit.clock.set(addCalendarMonths(kit.clock.now(), 10).toISOString());
    await run();
    expect(await checkups()).toHaveLength(2);
  });
});
