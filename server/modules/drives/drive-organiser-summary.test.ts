import { afterEach, describe, expect, it } from 'vitest';
import { buildDrive } from '../../../tests/support/factories';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveImage, sendForm, validForm } from './drive-test-kit';
import { driveSummariesRepository, organiserSummaryQueries } from './drive-summaries.repository';

const NOW = '2026-06-01T10:00:00.000Z';

/**
 * `drive_organiser_months` and `drive_participants.drive_starts_at` (0031) stay equal to what the
 * rows say through every write (the API's and direct SQL, as seeds and cascades write), and
 * `organisedSummary` answers what a scan of the organiser's drives would.
 */
describe.each(databaseTargets)('the organiser summaries on $name', (target) => {
  let t: TestApp | undefined;
  const clock = movableClock(NOW);
  afterEach(async () => t?.close());

  async function setup() {
    clock.set(NOW);
    t = await buildTestApp(target, { clock });
    return t;
  }

  /** The summary as stored, and as made again from the rows. */
  async function summaries(app: TestApp) {
    const db = app.database.db;
    const stored = await db
      .selectFrom('drive_organiser_months')
      .select(['organizer_id', 'month', 'drives', 'participants', 'hours'])
      .orderBy('organizer_id')
      .orderBy('month')
      .execute();
    const drives = await db
      .selectFrom('drives')
      .select(['id', 'organizer_id', 'starts_at', 'duration_hours'])
      .execute();
    const participations = await db
      .selectFrom('drive_participants')
      .select(['drive_id', 'drive_starts_at'])
      .execute();
    const byKey = new Map<string, { drives: number; participants: number; hours: number }>();
    const startOf = new Map(drives.map((d) => [d.id, d]));
    for (const d of drives) {
      const key = `${d.organizer_id}|${d.starts_at.slice(0, 7)}`;
      const m = byKey.get(key) ?? { drives: 0, participants: 0, hours: 0 };
      m.drives++;
      m.hours += Number(d.duration_hours);
      byKey.set(key, m);
    }
    for (const p of participations) {
      const d = startOf.get(p.drive_id)!;
      const m = byKey.get(`${d.organizer_id}|${d.starts_at.slice(0, 7)}`)!;
      m.participants++;
      m.hours += Number(d.duration_hours);
    }
    const fromRows = [...byKey]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, m]) => {
        const [organizer_id, month] = key.split('|');
        return { organizer_id, month, ...m };
      });
    const startsDiffer = participations.filter(
      (p) => p.drive_starts_at !== startOf.get(p.drive_id)!.starts_at,
    );
    return {
      stored: stored
        .map((r) => ({
          ...r,
          drives: Number(r.drives),
          participants: Number(r.participants),
          hours: Number(r.hours),
        }))
        .sort((x, y) => (`${x.organizer_id}|${x.month}` < `${y.organizer_id}|${y.month}` ? -1 : 1)),
      fromRows,
      startsDiffer,
    };
  }

  async function expectInStep(app: TestApp) {
    const { stored, fromRows, startsDiffer } = await summaries(app);
    expect(stored).toEqual(fromRows);
    expect(startsDiffer).toEqual([]);
    // The community's months (0037) are the organisers' months summed by month.
    const byMonth = new Map<string, { drives: number; participants: number; hours: number }>();
    for (const r of fromRows) {
      const m = byMonth.get(r.month!) ?? { drives: 0, participants: 0, hours: 0 };
      m.drives += r.drives;
      m.participants += r.participants;
      m.hours += r.hours;
      byMonth.set(r.month!, m);
    }
    const db = app.database.db;
    const months = await db
      .selectFrom('drive_community_months')
      .selectAll()
      .orderBy('month')
      .execute();
    expect(
      months.map((r) => ({
        month: r.month,
        drives: Number(r.drives),
        participants: Number(r.participants),
        hours: Number(r.hours),
      })),
    ).toEqual(
      [...byMonth].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, m]) => ({ month, ...m })),
    );
    // Each drive's participants (0046) as the rows count them.
    const counts = await db
      .selectFrom('drives')
      .select((eb) => [
        'drives.participants_count as kept',
        eb
          .selectFrom('drive_participants as p')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('p.drive_id', '=', 'drives.id')
          .as('counted'),
      ])
      .execute();
    expect(counts.filter((c) => Number(c.kept) !== Number(c.counted))).toEqual([]);
    // Drives per country (0037) as the rows count them.
    const countries = await db
      .selectFrom('drive_countries')
      .selectAll()
      .orderBy('country')
      .execute();
    const counted = await db
      .selectFrom('drives')
      .select((eb) => ['country', eb.fn.countAll<number>().as('n')])
      .groupBy('country')
      .orderBy('country')
      .execute();
    expect(countries.map((r) => [r.country, Number(r.drives)])).toEqual(
      counted.map((r) => [r.country, Number(r.n)]),
    );
  }

  it('follows creating, joining, leaving, moving and deleting drives, by the API and by SQL', async () => {
    const app = await setup();
    const db = app.database.db;
    const org = await signedInUser(app.app, db, { profile_type: 'corporate' });
    const other = await signedInUser(app.app, db, { profile_type: 'corporate' });
    const a = await signedInUser(app.app, db);
    const b = await signedInUser(app.app, db);

    const created = await sendForm(
      app.app,
      'POST',
      '/api/add_drivetreeinfo',
      org.headers,
      validForm(),
      {
        data: await driveImage(),
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.data.id as string;
    const direct = buildDrive(other.user.id, { starts_at: '2026-06-20T08:00:00.000Z' });
    await db.insertInto('drives').values(direct).execute();
    await expectInStep(app);

    for (const who of [a, b])
      expect(
        (
          await app.app.inject({
            method: 'POST',
            url: `/api/drives/${id}/participants`,
            headers: who.headers,
          })
        ).statusCode,
      ).toBe(200);
    // Joining twice counts once.
    expect(
      (
        await app.app.inject({
          method: 'POST',
          url: `/api/drives/${id}/participants`,
          headers: a.headers,
        })
      ).statusCode,
    ).toBe(200);
    await db
      .insertInto('drive_participants')
      .values({ drive_id: direct.id, user_id: a.user.id, joined_at: NOW })
      .execute();
    await expectInStep(app);
    expect(
      await db
        .selectFrom('drive_organiser_months')
        .selectAll()
        .where('organizer_id', '=', org.user.id)
        .execute(),
    ).toEqual([
      { organizer_id: org.user.id, month: '2026-06', drives: 1, participants: 2, hours: 9 },
    ]);

    // A new date in another month moves the drive and its sign-ups there.
    const moved = await sendForm(
      app.app,
      'PUT',
      `/api/drives/${id}`,
      org.headers,
      validForm({ driveDate: '2026-08-03T09:00:00.000Z' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await expectInStep(app);
    expect(
      await db
        .selectFrom('drive_organiser_months')
        .select(['month', 'drives', 'participants'])
        .where('organizer_id', '=', org.user.id)
        .execute(),
    ).toEqual([{ month: '2026-08', drives: 1, participants: 2 }]);

    // A longer drive: its hours and each participant's grow.
    const longer = await sendForm(
      app.app,
      'PUT',
      `/api/drives/${id}`,
      org.headers,
      validForm({ driveDate: '2026-08-03T09:00:00.000Z', driveDuration: '5' }),
    );
    expect(longer.statusCode, longer.body).toBe(200);
    await expectInStep(app);
    expect(
      await db
        .selectFrom('drive_organiser_months')
        .select('hours')
        .where('organizer_id', '=', org.user.id)
        .execute(),
    ).toEqual([{ hours: 15 }]);

    expect(
      (
        await app.app.inject({
          method: 'DELETE',
          url: `/api/drives/${id}/participants`,
          headers: b.headers,
        })
      ).statusCode,
    ).toBe(200);
    await expectInStep(app);

    expect(
      (await app.app.inject({ method: 'DELETE', url: `/api/drives/${id}`, headers: org.headers }))
        .statusCode,
    ).toBe(200);
    await db.deleteFrom('drives').where('id', '=', direct.id).execute();
    await expectInStep(app);
    expect(await db.selectFrom('drive_organiser_months').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('drive_community_months').selectAll().execute()).toEqual([]);

    // A drive moved to another country by SQL moves its count.
    const abroad = buildDrive(org.user.id, {
      starts_at: '2026-02-02T08:00:00.000Z',
      country: 'IN',
    });
    await db.insertInto('drives').values(abroad).execute();
    await db.updateTable('drives').set({ country: 'KE' }).where('id', '=', abroad.id).execute();
    await expectInStep(app);
    expect(await db.selectFrom('drive_countries').selectAll().execute()).toEqual([
      { country: 'KE', drives: 1 },
    ]);

    // The migration's backfill makes the same from the rows.
    await db
      .insertInto('drives')
      .values(buildDrive(org.user.id, { starts_at: '2026-02-02T08:00:00.000Z' }))
      .execute();
    await organiserSummaryQueries(db).rebuild();
    await expectInStep(app);
  });

  it('answers organisedSummary as a scan of the drives would: all time, a period, one month', async () => {
    const app = await setup();
    const db = app.database.db;
    const org = await signedInUser(app.app, db, { profile_type: 'corporate' });
    const people = await Promise.all([1, 2, 3].map(() => signedInUser(app.app, db)));
    const starts = [
      '2025-11-30T23:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
      '2026-01-15T08:00:00.000Z',
      '2026-02-28T08:00:00.000Z',
      '2026-03-10T08:00:00.000Z',
      '2026-03-31T23:59:59.000Z',
      '2026-06-01T09:00:00.000Z',
      '2026-06-01T11:00:00.000Z',
      '2026-07-04T08:00:00.000Z',
    ];
    const drives = starts.map((s) => buildDrive(org.user.id, { starts_at: s }));
    await db.insertInto('drives').values(drives).execute();
    const joins = drives.flatMap((d, i) =>
      people.slice(0, i % 4).map((p) => ({ drive_id: d.id, user_id: p.user.id, joined_at: NOW })),
    );
    await db.insertInto('drive_participants').values(joins).execute();
    const count = (id: string) => joins.filter((j) => j.drive_id === id).length;

    const scan = (from?: string, before?: string) => {
      const inRange = drives.filter(
        (d) => (!from || d.starts_at >= from) && (!before || d.starts_at < before),
      );
      const months = new Map<string, { drives: number; participants: number }>();
      for (const d of inRange) {
        const m = months.get(d.starts_at.slice(0, 7)) ?? { drives: 0, participants: 0 };
        m.drives++;
        m.participants += count(d.id);
        months.set(d.starts_at.slice(0, 7), m);
      }
      const upcoming = inRange.filter((d) => d.starts_at > NOW);
      const past = inRange.filter((d) => d.starts_at <= NOW).reverse();
      return {
        upcoming: upcoming.length,
        past: past.length,
        upcomingIds: upcoming.map((d) => d.id),
        pastIds: past.map((d) => d.id),
        participants: inRange.reduce((n, d) => n + count(d.id), 0),
        months: [...months].sort(([a], [b]) => (a < b ? -1 : 1)),
      };
    };
    const summary = async (range: { from?: string; before?: string; listMax?: number }) => {
      const s = await app.services.drives.organisedSummary(org.user.id, range);
      return {
        upcoming: s.upcoming,
        past: s.past,
        upcomingIds: s.upcomingList.map((d) => d.id),
        pastIds: s.pastList.map((d) => d.id),
        participants: s.participants,
        months: [...s.months].sort(([a], [b]) => (a < b ? -1 : 1)),
      };
    };

    for (const [from, before] of [
      [undefined, undefined],
      ['2026-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
      ['2026-01-15T00:00:00.000Z', '2026-06-02T00:00:00.000Z'],
      ['2025-11-30T00:00:00.000Z', '2026-03-11T00:00:00.000Z'],
      ['2026-03-10T00:00:00.000Z', '2026-03-31T00:00:00.000Z'],
      ['2026-06-01T00:00:00.000Z', '2026-08-01T00:00:00.000Z'],
    ] as const)
      expect(await summary({ from, before }), `${from} – ${before}`).toEqual(scan(from, before));

    // Volunteer hours (attended hours) from the summary equal the scan of the rows, for every range.
    await db
      .updateTable('drives')
      .set({ duration_hours: 4 })
      .where('id', '=', drives[3]!.id)
      .execute();
    const rowsHours = (
      from?: string,
      before?: string,
      organiserId: string | undefined = org.user.id,
    ) =>
      driveSummariesRepository(db)
        .rowMinutes(organiserId, {
          now: NOW,
          opened: '2026-06-01T12:00:00.000Z',
          ...(from ? { from } : {}),
          ...(before ? { before } : {}),
        })
        .then((m) => Math.round((m / 60) * 100) / 100);
    for (const [from, before] of [
      [undefined, undefined],
      ['2026-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
      ['2026-01-15T00:00:00.000Z', '2026-06-02T00:00:00.000Z'],
      ['2025-11-30T00:00:00.000Z', '2026-03-11T00:00:00.000Z'],
      ['2026-03-10T00:00:00.000Z', '2026-03-31T00:00:00.000Z'],
      ['2026-06-01T00:00:00.000Z', '2026-08-01T00:00:00.000Z'],
      ['2026-02-01T00:00:00.000Z', undefined],
      [undefined, '2026-02-01T00:00:00.000Z'],
    ] as const) {
      const hours = await app.services.drives.volunteerHours({
        organiserId: org.user.id,
        ...(from ? { from } : {}),
        ...(before ? { before } : {}),
      });
      expect(hours, `${from} – ${before}`).toBe(await rowsHours(from, before));
      // The community's hours (no organiser) from its months equal the rows' too.
      const community = await app.services.drives.volunteerHours({
        ...(from ? { from } : {}),
        ...(before ? { before } : {}),
      });
      expect(community, `community ${from} – ${before}`).toBe(
        await rowsHours(from, before, undefined),
      );
    }
    expect(await rowsHours()).toBeGreaterThan(0);

    // The lists stop at listMax; the counts do not.
    const first = await app.services.drives.organisedSummary(org.user.id, { listMax: 2 });
    expect(first.upcomingList.map((d) => d.id)).toEqual(scan().upcomingIds.slice(0, 2));
    expect(first.pastList.map((d) => d.id)).toEqual(scan().pastIds.slice(0, 2));
    expect(first.pastList[0]!.participants).toBe(count(scan().pastIds[0]!));
    expect([first.upcoming, first.past]).toEqual([2, 7]);
  });
});
