import { afterEach, describe, expect, it } from 'vitest';
import { buildDrive, buildTree, insertUser } from '../../../tests/support/factories';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import { MODULES } from '..';
import { recordAttendance } from '../drives/drive-test-kit';

const NOW = '2026-11-21T12:00:00.000Z';

/** Reporting reads figures from their owners: it owns no table and names none (table-ownership). */
const REPORTING = ['stats', 'dashboards', 'onboarding'] as const;

describe('figures have one owner each', () => {
  it('lets no reporting module own a table', () => {
    for (const name of REPORTING)
      expect(MODULES.find((m) => m.name === name)?.tables, name).toEqual([]);
  });
});

describe.each(databaseTargets)('the owners’ figures on $name', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('declares only read methods its service really has', async () => {
    t = await buildTestApp(target, { clock: movableClock(NOW) });
    const declared = MODULES.flatMap((m) => (m.figures ?? []).map((f) => `${m.name}.${f}`));
    expect(declared).toEqual(
      expect.arrayContaining([
        'drives.volunteerHours',
        'donations.totals',
        'trees.communityImpact',
        'users.memberCount',
      ]),
    );
    const services = t.services as unknown as Record<string, Record<string, unknown>>;
    for (const figure of declared) {
      const [module, method] = figure.split('.') as [string, string];
      expect(typeof services[module]?.[method], figure).toBe('function');
    }
  });

  it('counts volunteer hours one way for /api/stats and an organisation’s dashboard', async () => {
    t = await buildTestApp(target, { clock: movableClock(NOW) });
    const db = t.database.db;
    const org = await insertUser(db, { profile_type: 'corporate' });
    const other = await insertUser(db, { profile_type: 'corporate' });
    const a = await insertUser(db);
    const b = await insertUser(db);
    const march = buildDrive(org.id, { starts_at: '2026-03-10T09:00:00.000Z', duration_hours: 3 });
    const july = buildDrive(org.id, { starts_at: '2026-07-01T08:00:00.000Z', duration_hours: 2 });
    const ahead = buildDrive(org.id, { starts_at: '2027-01-01T08:00:00.000Z', duration_hours: 5 });
    const theirs = buildDrive(other.id, {
      starts_at: '2026-05-01T08:00:00.000Z',
      duration_hours: 4,
    });
    await db.insertInto('drives').values([march, july, ahead, theirs]).execute();
    await db
      .insertInto('drive_participants')
      .values([
        { drive_id: march.id, user_id: a.id, joined_at: NOW },
        { drive_id: march.id, user_id: b.id, joined_at: NOW },
        { drive_id: july.id, user_id: a.id, joined_at: NOW },
        { drive_id: ahead.id, user_id: b.id, joined_at: NOW },
        { drive_id: theirs.id, user_id: b.id, joined_at: NOW },
      ])
      .execute();
    // Who came: a stayed March's drive (3 h, no check-out), b did not; a left July's after
    // 1 h 30 min; b's hours at the other organiser's drive were corrected to 1 h.
    await recordAttendance(db, march, a.id, { in: '2026-03-10T09:00:00.000Z' });
    await recordAttendance(db, july, a.id, {
      in: '2026-07-01T08:00:00.000Z',
      out: '2026-07-01T09:30:00.000Z',
    });
    await recordAttendance(db, theirs, b.id, { correctedMinutes: 60 });
    const { drives, stats, dashboards } = t.services;

    // Attended hours: the organisers' of started drives (3 + 2 + 4) and the attendances (3 + 1.5
    // + 1); RSVPs that did not come (b in March, b at the drive ahead) count nothing.
    expect(await drives.volunteerHours()).toBe(14.5);
    expect((await stats.impact()).volunteerHours).toBe(14.5);
    expect(await drives.volunteerHours({ organiserId: org.id })).toBe(9.5);
    const organisation = { id: org.id, name: 'Org' };
    expect((await dashboards.corporateFigures(organisation)).volunteerHours).toBe(9.5);
    const period = { from: '2026-06-01', to: '2026-12-31' };
    expect(
      await drives.volunteerHours({
        organiserId: org.id,
        from: '2026-06-01T00:00:00.000Z',
        before: '2027-01-01T00:00:00.000Z',
      }),
    ).toBe(3.5);
    expect((await dashboards.corporateFigures(organisation, period)).volunteerHours).toBe(3.5);
  });

  it('answers a member’s profile counts through the memberFigures port (drives and trees)', async () => {
    t = await buildTestApp(target, { clock: movableClock(NOW) });
    const db = t.database.db;
    const me = await insertUser(db);
    const other = await insertUser(db);
    const mine = buildDrive(me.id);
    const joined = buildDrive(other.id);
    await db.insertInto('drives').values([mine, joined]).execute();
    await db
      .insertInto('drive_participants')
      .values({ drive_id: joined.id, user_id: me.id, joined_at: NOW })
      .execute();
    await db
      .insertInto('trees')
      .values([buildTree(me.id), buildTree(me.id), buildTree(other.id)])
      .execute();

    expect(t.services.hooks.all('memberFigures')).toHaveLength(2);
    expect((await t.services.users.publicProfile(me.id)).counts).toEqual({
      drivesOrganised: 1,
      drivesJoined: 1,
      treesRegistered: 2,
      // Attended hours: the 2 h of the drive me organised; the joined one without a check-in, 0.
      volunteerHours: 2,
    });
    expect(await t.services.users.memberCount()).toBe(2);
  });
});
