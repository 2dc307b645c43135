import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES } from '../../../contract/dashboards';
import { addRanges } from '../../../contract/impact';
import { buildDonation, buildDrive, buildTree, insertUser } from '../../../tests/support/factories';
import { curveCo2, roundRange } from '../../../tests/support/impact-expectations';
import {
  pdfFontFamilies,
  pdfPrintedCharacters,
  pdfTagging,
  pdfText,
} from '../../../tests/support/pdf-text';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import { careDueQueries } from '../trees/tree-care-due.repository';
import { NOW, seedOrganisation } from './dashboards-test-kit';
import { dashboardsService } from './dashboards.service';

const neem = (plants: number, plantedAt: string, at: string) => curveCo2(1, plants, plantedAt, at);

describe.each(databaseTargets)('dashboards API on $name', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const start = async () => {
    t = await buildTestApp(target, { clock: movableClock(NOW) });
    return t;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t!.app.inject({ method: 'GET', url, headers });

  it('refuses the dashboards and the report without a session', async () => {
    await start();
    for (const url of [
      '/api/dashboard/individual',
      '/api/dashboard/corporate',
      '/api/reports/impact?from=2026-01-01&to=2026-01-31&format=csv',
    ])
      expect((await get(url)).statusCode).toBe(401);
  });

  it('gives each role only its own dashboard (403 with a clear message)', async () => {
    const { app, database } = await start();
    const person = await signedInUser(app, database.db);
    const company = await signedInUser(app, database.db, { profile_type: 'corporate' });
    const nursery = await signedInUser(app, database.db, { profile_type: 'nursery' });
    const individual = await get('/api/dashboard/individual', company.headers);
    expect(individual.statusCode).toBe(403);
    expect(individual.json().message).toBe(DASHBOARD_MESSAGES.individualOnly);
    for (const who of [person, nursery]) {
      const corporate = await get('/api/dashboard/corporate', who.headers);
      expect(corporate.statusCode).toBe(403);
      expect(corporate.json().message).toBe(DASHBOARD_MESSAGES.corporateOnly);
      const report = await get(
        '/api/reports/impact?from=2026-01-01&to=2026-01-31&format=pdf',
        who.headers,
      );
      expect(report.statusCode).toBe(403);
    }
  });

  it('refuses a bad period or format with the contract’s message', async () => {
    const { app, database } = await start();
    const { headers } = await signedInUser(app, database.db, { profile_type: 'corporate' });
    const cases: Array<[string, string]> = [
      ['/api/dashboard/corporate?from=2026-05-01&to=2026-04-01', DASHBOARD_MESSAGES.periodOrder],
      ['/api/dashboard/corporate?from=2026-05-01', DASHBOARD_MESSAGES.periodIncomplete],
      ['/api/dashboard/corporate?from=2026-02-30&to=2026-03-01', DASHBOARD_MESSAGES.dateInvalid],
      ['/api/dashboard/corporate?from=2016-01-01&to=2026-03-01', DASHBOARD_MESSAGES.periodTooLong],
      [
        '/api/reports/impact?from=2026-01-01&to=2026-01-31&format=xlsx',
        DASHBOARD_MESSAGES.formatInvalid,
      ],
      ['/api/reports/impact?from=2026-01-01&format=csv', DASHBOARD_MESSAGES.dateInvalid],
      [
        '/api/reports/impact?from=01/01/2026&to=2026-01-31&format=csv',
        DASHBOARD_MESSAGES.dateInvalid,
      ],
    ];
    for (const [url, message] of cases) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });

  it('answers a member’s own figures: trees, CO₂ with its range, care, drives, donations, history, replanting', async () => {
    const { app, database, services } = await start();
    const db = database.db;
    const me = await signedInUser(app, db);
    const other = await insertUser(db);
    const org = await insertUser(db, { profile_type: 'corporate' });
    const living = buildTree(me.user.id, {
      planted_at: '2026-05-10T00:00:00.000Z',
      tree_count: 3,
      alive_count: 3,
      nickname: 'Courtyard neem',
    });
    const dead = buildTree(me.user.id, {
      planted_at: '2026-02-01T00:00:00.000Z',
      tree_count: 2,
      alive_count: 0,
      status: 'dead',
      status_changed_at: '2026-08-15T00:00:00.000Z',
    });
    await db
      .insertInto('trees')
      .values([living, dead, buildTree(other.id, { tree_count: 40, alive_count: 40 })])
      .execute();
    // Inserted past the trees repository: the stored care rules are made again (a bulk load's step).
    await careDueQueries(db).rebuildCareDue();
    const ahead = buildDrive(org.id, {
      starts_at: '2026-12-05T09:00:00.000Z',
      time_zone: 'Asia/Kolkata',
    });
    const later = buildDrive(org.id, { starts_at: '2027-02-05T09:00:00.000Z' });
    const past = buildDrive(org.id, { starts_at: '2026-06-05T09:00:00.000Z' });
    const notJoined = buildDrive(org.id, { starts_at: '2026-12-01T09:00:00.000Z' });
    for (const drive of [ahead, later, past, notJoined])
      await db.insertInto('drives').values(drive).execute();
    const joined = (drive_id: string, user_id: string) => ({ drive_id, user_id, joined_at: NOW });
    await db
      .insertInto('drive_participants')
      .values([
        joined(ahead.id, me.user.id),
        joined(ahead.id, other.id),
        joined(later.id, me.user.id),
        joined(past.id, me.user.id),
        joined(notJoined.id, other.id),
      ])
      .execute();
    await db
      .insertInto('donations')
      .values([
        buildDonation(me.user.id, { amount_minor: 2500 }),
        buildDonation(me.user.id, { kind: 'trees', trees: 12, amount_minor: 6000 }),
        buildDonation(me.user.id, { amount_minor: 1000, currency: 'EUR' }),
        buildDonation(me.user.id, { amount_minor: 9999, status: 'failed' }),
        buildDonation(me.user.id, { amount_minor: 7777, status: 'pending' }),
        buildDonation(other.id, { amount_minor: 5000 }),
      ])
      .execute();

    const res = await get('/api/dashboard/individual', me.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.trees).toEqual({ livingPlants: 3, livingRecords: 1, records: 2 });
    // The one impact method: the living record's three plants now.
    expect(data.co2Kg).toEqual(roundRange(neem(3, living.planted_at, NOW)));
    expect(data.co2Kg.low).toBeLessThan(data.co2Kg.mid);
    expect(data.co2Kg.high).toBeGreaterThan(data.co2Kg.mid);
    // The four honest numbers (issue 21 §3): the 12 trees the member's paid gift paid for; the
    // living record checked at registration; nothing verified; nothing left out of CO₂.
    expect(data.fourNumbers).toEqual({
      treesFunded: 12,
      treesPlanted: 5,
      treesAliveChecked: 3,
      treesVerified: 0,
    });
    expect(data.treesUnconfirmed).toBe(0);
    const careDue = await services.trees.careDue(me.user.id);
    expect(careDue.length).toBeGreaterThan(0);
    expect(data.careDue).toEqual({
      tasks: careDue,
      total: careDue.length,
      overdue: careDue.filter((task) => task.overdueDays > 0).length,
      dueThisWeek: expect.any(Number),
      nextCursor: null,
    });
    expect(data.careDue.tasks[0]).toMatchObject({ treeId: living.id, treeName: 'Courtyard neem' });
    expect(data.upcomingDrives.total).toBe(2);
    expect(data.upcomingDrives.drives.map((d: { id: string }) => d.id)).toEqual([
      ahead.id,
      later.id,
    ]);
    expect(data.upcomingDrives.drives[0]).toEqual({
      id: ahead.id,
      name: ahead.name,
      startsAt: ahead.starts_at,
      durationHours: ahead.duration_hours,
      location: ahead.location_text,
      country: ahead.country,
      timeZone: 'Asia/Kolkata',
      participants: 2,
    });
    expect(data.donations).toEqual([
      { currency: 'EUR', amountMinor: 1000, trees: 0, donations: 1 },
      { currency: 'USD', amountMinor: 8500, trees: 12, donations: 2 },
    ]);
    expect(data.replanting.map((r: { tree: { id: string } }) => r.tree.id)).toEqual([dead.id]);
    expect(data.replantingTotal).toBe(1);

    // Twelve month ends; the dead record counts until it died, each from its planting day.
    expect(data.history.map((p: { month: string }) => p.month)).toEqual([
      '2025-12',
      ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    ]);
    const point = (month: string) => data.history.find((p: { month: string }) => p.month === month);
    expect(point('2026-01')).toEqual({
      month: '2026-01',
      livingPlants: 0,
      co2Kg: { low: 0, mid: 0, high: 0 },
    });
    expect(point('2026-04').livingPlants).toBe(2);
    const june = '2026-06-30T23:59:59.999Z';
    expect(point('2026-06')).toEqual({
      month: '2026-06',
      livingPlants: 5,
      co2Kg: roundRange(
        addRanges([neem(3, living.planted_at, june), neem(2, dead.planted_at, june)]),
      ),
    });
    expect(point('2026-09').livingPlants).toBe(3);
    expect(point('2026-11')).toEqual({ month: '2026-11', livingPlants: 3, co2Kg: data.co2Kg });
  });

  it('answers empty figures for a new member', async () => {
    const { app, database } = await start();
    const me = await signedInUser(app, database.db);
    const data = (await get('/api/dashboard/individual', me.headers)).json().data;
    expect(data).toMatchObject({
      trees: { livingPlants: 0, livingRecords: 0, records: 0 },
      co2Kg: { low: 0, mid: 0, high: 0 },
      careDue: { tasks: [], total: 0, overdue: 0, dueThisWeek: 0, nextCursor: null },
      upcomingDrives: { total: 0, drives: [] },
      donations: [],
      replanting: [],
      replantingTotal: 0,
    });
    expect(data.history).toHaveLength(12);
  });

  it('answers an organisation’s drives, people, hours, trees, survival, money and months', async () => {
    const { app, database } = await start();
    const org = await signedInUser(app, database.db, {
      profile_type: 'corporate',
      name: 'Acme Forests',
    });
    const { d1, d2, d3 } = await seedOrganisation(database.db, org.user.id);

    const res = await get('/api/dashboard/corporate', org.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.organisation).toEqual({ id: org.user.id, name: 'Acme Forests' });
    expect(data.period).toBeNull();
    expect(data.drives).toMatchObject({ upcoming: 1, past: 2 });
    expect(data.drives.upcomingList.map((d: { id: string }) => d.id)).toEqual([d3.id]);
    expect(data.drives.pastList.map((d: { id: string }) => d.id)).toEqual([d2.id, d1.id]);
    expect(data.drives.pastList[1]).toMatchObject({ participants: 2, durationHours: 3 });
    expect(data.participants).toBe(4);
    // Attended hours: the organiser's 3 h + 2 h, a's 3 h at d1 and 1 h 30 min at d2; b's RSVP
    // at d1 without coming counts nothing.
    expect(data.volunteerHours).toBe(9.5);
    expect(data.trees).toEqual({
      planted: 19,
      alive: 13,
      dead: 6,
      alivePercent: 68.4,
      deadPercent: 31.6,
    });
    expect(data.donations).toEqual([
      { currency: 'EUR', amountMinor: 700, trees: 0, donations: 1 },
      { currency: 'USD', amountMinor: 11000, trees: 12, donations: 2 },
    ]);
    expect(data.months).toHaveLength(12);
    const month = (m: string) => data.months.find((x: { month: string }) => x.month === m);
    expect(month('2026-03')).toEqual({
      month: '2026-03',
      drives: 1,
      participants: 2,
      trees: 14,
      donations: [{ currency: 'USD', amountMinor: 5000, trees: 0, donations: 1 }],
    });
    expect(month('2026-07')).toEqual({
      month: '2026-07',
      drives: 1,
      participants: 1,
      trees: 5,
      donations: [],
    });
    expect(month('2026-10').donations).toEqual([
      { currency: 'USD', amountMinor: 6000, trees: 12, donations: 1 },
    ]);
  });

  it('narrows every figure to a period', async () => {
    const { app, database } = await start();
    const org = await signedInUser(app, database.db, { profile_type: 'corporate' });
    const { d2 } = await seedOrganisation(database.db, org.user.id);
    const data = (
      await get('/api/dashboard/corporate?from=2026-06-01&to=2026-12-31', org.headers)
    ).json().data;
    expect(data.period).toEqual({ from: '2026-06-01', to: '2026-12-31' });
    expect(data.drives).toMatchObject({ upcoming: 0, past: 1, upcomingList: [] });
    expect(data.drives.pastList.map((d: { id: string }) => d.id)).toEqual([d2.id]);
    expect(data.participants).toBe(1);
    // d2 only: the organiser's 2 h and a's 1 h 30 min.
    expect(data.volunteerHours).toBe(3.5);
    expect(data.trees).toEqual({
      planted: 5,
      alive: 5,
      dead: 0,
      alivePercent: 100,
      deadPercent: 0,
    });
    expect(data.donations).toEqual([
      { currency: 'EUR', amountMinor: 700, trees: 0, donations: 1 },
      { currency: 'USD', amountMinor: 6000, trees: 12, donations: 1 },
    ]);
    expect(data.months.map((m: { month: string }) => m.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
  });

  it('downloads the impact report as CSV: summary, months and drives, formula-safe', async () => {
    const { app, database } = await start();
    const org = await signedInUser(app, database.db, {
      profile_type: 'corporate',
      name: '=Acme Forests',
    });
    await seedOrganisation(database.db, org.user.id);
    const res = await get(
      '/api/reports/impact?from=2026-03-01&to=2026-07-31&format=csv',
      org.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="canopy-impact-2026-03-01-to-2026-07-31.csv"',
    );
    // One table: a strict parser reads it (same columns on every row), after the byte-order mark.
    expect(res.body.startsWith('\uFEFFsection,item,value,currency,')).toBe(true);
    const rows = parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const of = (section: string) => rows.filter((r) => r.section === section);
    expect(of('report').map((r) => [r.item, r.value])).toEqual([
      ['Organisation', "'=Acme Forests"],
      ['Period', '2026-03-01 to 2026-07-31'],
      ['Generated', expect.any(String)],
    ]);
    const summary = of('summary').map((r) => [r.item, r.value, r.currency]);
    for (const expected of [
      ['Drives organised', '2', ''],
      ['Drives held', '2', ''],
      ['Drives upcoming', '0', ''],
      ['Participants (sign-ups)', '3', ''],
      ['Volunteer hours', '9.5', ''],
      ['Trees planted at the drives', '19', ''],
      ['Trees alive', '13', ''],
      ['Trees dead', '6', ''],
      ['Survival (%)', '68.4', ''],
      // Money, once per currency; the number of payments is its own row.
      ['Paid donations', '7.00', 'EUR'],
      ['Paid donations', '50.00', 'USD'],
      ['Number of paid donations', '1', 'EUR'],
      ['Trees donated', '0', ''],
    ])
      expect(summary).toContainEqual(expected);
    expect(of('month').map((r) => [r.item, r.drives, r.participants, r.trees_planted])).toEqual(
      expect.arrayContaining([
        ['2026-03', '1', '2', '14'],
        ['2026-06', '0', '0', '0'],
        ['2026-07', '1', '1', '5'],
      ]),
    );
    expect(of('month_donations').map((r) => [r.item, r.value, r.currency])).toEqual(
      expect.arrayContaining([
        ['2026-03', '0.00', 'EUR'],
        ['2026-03', '50.00', 'USD'],
        ['2026-06', '7.00', 'EUR'],
        ['2026-06', '0.00', 'USD'],
        ['2026-07', '0.00', 'EUR'],
        ['2026-07', '0.00', 'USD'],
      ]),
    );
    const drive = (r: Record<string, string>) => [
      r.item,
      r.starts_at_utc,
      r.country,
      r.location,
      r.duration_hours,
      r.participants,
    ];
    expect(of('drive').map(drive)).toEqual([
      // A drive name that looks like a formula is defused.
      [
        '\'=HYPERLINK("http://evil")',
        '2026-03-10T09:00:00.000Z',
        'India',
        'Lodhi Garden, New Delhi',
        '3',
        '2',
      ],
      [
        'Lake path, phase 2',
        '2026-07-01T08:00:00.000Z',
        'Kenya',
        'Lodhi Garden, New Delhi',
        '2',
        '1',
      ],
    ]);
  });

  it('streams the impact report’s drives oldest first over several batches, counts from the summary', async () => {
    const { app, database } = await start();
    const org = await signedInUser(app, database.db, { profile_type: 'corporate' });
    const member = await insertUser(database.db);
    // 450 drives (more than two REPORT_DRIVE_BATCH batches) from 2026-06-01 into 2027, some
    // starting at the same moment (then by id), and a few outside the period.
    const drives = Array.from({ length: 450 }, (_, i) =>
      buildDrive(org.user.id, {
        name: `Zoë’s grove ${String(i).padStart(3, '0')}`,
        starts_at: new Date(
          Date.parse('2026-06-01T08:00:00.000Z') + Math.floor(i / 3) * 86_400_000,
        ).toISOString(),
        duration_hours: 1 + (i % 4),
      }),
    );
    const outside = [
      buildDrive(org.user.id, { starts_at: '2026-05-31T23:00:00.000Z' }),
      buildDrive(org.user.id, { starts_at: '2027-01-01T00:00:00.000Z' }),
    ];
    for (let i = 0; i < drives.length; i += 100)
      await database.db
        .insertInto('drives')
        .values(drives.slice(i, i + 100))
        .execute();
    await database.db.insertInto('drives').values(outside).execute();
    await database.db
      .insertInto('drive_participants')
      .values(
        drives.slice(0, 7).map((d) => ({ drive_id: d.id, user_id: member.id, joined_at: NOW })),
      )
      .execute();

    const res = await get(
      '/api/reports/impact?from=2026-06-01&to=2026-12-31&format=csv',
      org.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const rows = parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const inPeriod = drives.filter((d) => d.starts_at < '2027-01-01');
    const expected = [...inPeriod]
      .sort((a, b) =>
        a.starts_at !== b.starts_at ? (a.starts_at < b.starts_at ? -1 : 1) : a.id < b.id ? -1 : 1,
      )
      .map((d) => [
        d.name,
        d.starts_at,
        'India',
        'Lodhi Garden, New Delhi',
        String(d.duration_hours),
        drives.indexOf(d) < 7 ? '1' : '0',
      ]);
    expect(
      rows
        .filter((r) => r.section === 'drive')
        .map((r) => [
          r.item,
          r.starts_at_utc,
          r.country,
          r.location,
          r.duration_hours,
          r.participants,
        ]),
    ).toEqual(expected);
    const held = inPeriod.filter((d) => d.starts_at <= NOW).length;
    const figure = (item: string) =>
      rows.find((r) => r.section === 'summary' && r.item === item)?.value;
    expect(figure('Drives organised')).toBe(String(inPeriod.length));
    expect(figure('Drives held')).toBe(String(held));
    expect(figure('Drives upcoming')).toBe(String(inPeriod.length - held));

    // Two PDFs at once: each is drawn in turns (yielding between rows) on the reports' own fonts,
    // one after the other, and each lists every drive with a complete ToUnicode map.
    const pdfs = await Promise.all(
      [0, 1].map(() =>
        get('/api/reports/impact?from=2026-06-01&to=2026-12-31&format=pdf', org.headers),
      ),
    );
    for (const pdf of pdfs) {
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      for (const d of inPeriod) expect(text).toContain(`${d.name} (India)`);
      expect(text).not.toContain('\uFFFD');
    }
  });

  it('downloads the impact report as a PDF naming the period and the organisation', async () => {
    const { app, database } = await start();
    const name = 'Łąka Ольга Ἀθηνᾶ वन समूह';
    const org = await signedInUser(app, database.db, { profile_type: 'corporate', name });
    await seedOrganisation(database.db, org.user.id);
    const res = await get(
      '/api/reports/impact?from=2026-01-01&to=2026-12-31&format=pdf',
      org.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      'canopy-impact-2026-01-01-to-2026-12-31.pdf',
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('Impact report 2026-01-01 to 2026-12-31');
    expect(pdf.length).toBeGreaterThan(1500);
    expect(pdfFontFamilies(pdf)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    // The fonts' ToUnicode maps hold every letter of the name and the euro sign, and no "?".
    const printed = pdfPrintedCharacters(pdf);
    for (const char of `${name} €7.00 (EUR)`) expect(printed).toContain(char);
    expect(printed).not.toContain('?');
  });

  it('reads back as a tagged PDF: paid donations as money once per currency, plurals right', async () => {
    const { app, database } = await start();
    const org = await signedInUser(app, database.db, { profile_type: 'corporate' });
    await seedOrganisation(database.db, org.user.id);
    const res = await get(
      '/api/reports/impact?from=2026-03-01&to=2026-07-31&format=pdf',
      org.headers,
    );
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    expect(pdfTagging(pdf)).toEqual({
      marked: true,
      structTree: true,
      lang: 'en-GB',
      displayTitle: true,
      structTypes: ['Document', 'H1', 'H2', 'P'],
    });
    // A row's label and value read back on lines of their own: joined as drawn.
    const text = pdfText(pdf).replace(/:\n\s+/g, ': ');
    // Money in its currency's format, each currency's total once, with how many payments.
    expect(text).toContain('Paid donations (EUR): €7.00 (EUR) from 1 donation');
    expect(text).toContain('Paid donations (USD): $50.00 (USD) from 1 donation');
    expect(text.match(/Paid donations \(USD\)/g)).toHaveLength(1);
    expect(text).not.toContain('Received in');
    expect(text).not.toContain('Donations received');
    // Plurals: one drive, one participant; none is "0 trees".
    expect(text).toContain('2026-07: 1 drive, 1 participant, 5 trees planted');
    expect(text).toContain(
      '2026-03: 1 drive, 2 participants, 14 trees planted, $50.00 (USD) received',
    );
    expect(text).toContain(
      '2026-06: 0 drives, 0 participants, 0 trees planted, €7.00 (EUR) received',
    );
    expect(text).not.toMatch(/\b1 (drives|participants|trees)\b/);
  });

  it('prints the impact report in the member’s saved language (Spanish, Hindi)', async () => {
    const { app, database } = await start();
    const org = await signedInUser(app, database.db, { profile_type: 'corporate', locale: 'es' });
    await seedOrganisation(database.db, org.user.id);
    const url = '/api/reports/impact?from=2026-03-01&to=2026-07-31&format=pdf';
    const spanish = (await get(url, org.headers)).rawPayload;
    expect(pdfTagging(spanish).lang).toBe('es');
    const text = pdfText(spanish).replace(/:\n\s+/g, ': ');
    expect(text).toContain('Informe de impacto');
    expect(text).toContain('2026-07: 1 jornada, 1 participante, 5 árboles plantados');
    // Spanish money puts the symbol after the amount, past a no-break space.
    expect(text).toMatch(/Donaciones pagadas \(EUR\): 7,00\s€ \(EUR\) de 1 donación/);
    expect(text).toContain('Supervivencia (%): 68,4');
    await database.db
      .updateTable('users')
      .set({ locale: 'hi' })
      .where('id', '=', org.user.id)
      .execute();
    const hindi = (await get(url, org.headers)).rawPayload;
    expect(pdfTagging(hindi).lang).toBe('hi');
    expect(pdfText(hindi)).toMatch(/[\u0900-\u097F]/);
    expect(pdfText(hindi)).not.toContain('Impact report');
  });

  it('lets whoever organisationFor admits view an organisation (the teams hook)', async () => {
    const { services } = await start();
    const member = { id: 'member-1', profile_type: 'individual' } as never;
    const dashboards = dashboardsService({
      clock: services.clock,
      trees: services.trees,
      drives: services.drives,
      donations: services.donations,
      organisationFor: async (viewer, id) =>
        (viewer as { id: string }).id === 'member-1' && id === 'org-1'
          ? { id: 'org-1', name: 'Org' }
          : null,
    });
    await expect(dashboards.requireOrganisationViewer(member, 'org-1')).resolves.toEqual({
      id: 'org-1',
      name: 'Org',
    });
    await expect(dashboards.requireOrganisationViewer(member, 'org-2')).rejects.toMatchObject({
      status: 403,
      message: DASHBOARD_MESSAGES.corporateOnly,
    });
  });
});
