import { DONATION_CATEGORIES, TREE_SPECIES } from '../../contract/options';
import { DEATH_CAUSES } from '../../contract/tree-care';
import { cohortShare, type CohortShare } from '../../server/modules/trees/tree-impact';
import type { BulkDb, Columns, Row } from './bulk-db';
import { isoAt, pushCareDue, uuidAt, type CareInput } from './fast-rows';
import { PLACES, type Place } from './places';
import type { AddGeoTree } from './trees-geo';
import { hasColumn, hasTable } from './summaries';

/** What a successful platform holds (issue 20), the demo community included. */
export interface ScaleSize {
  members: number;
  drives: number;
  trees: number;
  measurements: number;
  donations: number;
  /** Trees the headline member (asha@…) owns, and drives the corporate demo account organises. */
  ashaTrees: number;
  greenleafDrives: number;
}

export const FULL_SIZE: ScaleSize = {
  members: 20_000,
  drives: 50_000,
  trees: 1_000_000,
  measurements: 1_460_000,
  donations: 200_000,
  ashaTrees: 5_000,
  greenleafDrives: 2_000,
};

/** A smaller community of the same shape (`--scale 0.1`), for trying the harness quickly. */
export function scaledSize(factor: number): ScaleSize {
  const s = (n: number) => Math.max(1, Math.round(n * factor));
  return {
    members: s(FULL_SIZE.members),
    drives: s(FULL_SIZE.drives),
    trees: s(FULL_SIZE.trees),
    measurements: s(FULL_SIZE.measurements),
    donations: s(FULL_SIZE.donations),
    ashaTrees: s(FULL_SIZE.ashaTrees),
    greenleafDrives: s(FULL_SIZE.greenleafDrives),
  };
}

/** The demo community the rows go on top of, read from the seeded database. */
export interface DemoState {
  users: number;
  drives: number;
  trees: number;
  measurements: number;
  donations: number;
  ashaId: string;
  greenleafId: string;
  ashaTrees: number;
  greenleafDrives: number;
  /** The demo password's hash (asha's): every generated member signs in with it too. */
  passwordHash: string;
  usernames: Set<string>;
  receiptCounters: Map<number, number>;
}

export async function readDemo(db: BulkDb, emailDomain: string): Promise<DemoState> {
  const one = async (text: string, params: unknown[] = []) =>
    Number((await db.all<{ n: number | string }>(text, params))[0]?.n ?? 0);
  const users = await db.all<{
    id: string;
    email: string;
    username: string;
    password_hash: string;
  }>('select id, email, username, password_hash from users');
  const asha = users.find((u) => u.email === `asha@${emailDomain}`);
  const greenleaf = users.find((u) => u.email === `greenleaf@${emailDomain}`);
  if (!asha || !greenleaf) throw new Error('the demo community is missing asha or greenleaf');
  if (users.some((u) => u.email.endsWith('@scale.canopy.example')))
    throw new Error('this database already holds the million-tree rows');
  const counters = await db.all<{ year: number; last: number }>(
    'select year, last from receipt_counters',
  );
  return {
    users: users.length,
    drives: await one('select count(*) as n from drives'),
    trees: await one('select count(*) as n from trees'),
    measurements: await one('select count(*) as n from tree_measurements'),
    donations: await one('select count(*) as n from donations'),
    ashaId: asha.id,
    greenleafId: greenleaf.id,
    ashaTrees: await one('select count(*) as n from trees where owner_id = ?', [asha.id]),
    greenleafDrives: await one('select count(*) as n from drives where organizer_id = ?', [
      greenleaf.id,
    ]),
    passwordHash: asha.password_hash,
    usernames: new Set(users.map((u) => u.username)),
    receiptCounters: new Map(counters.map((c) => [Number(c.year), Number(c.last)])),
  };
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness and ids.

const DAY = 86_400_000;
const YEAR = 365.25 * DAY;

/** A 32-bit LCG (the demo seed's generator, with its raw state exposed for ids). */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const u32 = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
  const random = () => u32() / 4294967296;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  /** A UUIDv7 for a row made at `ms`: time-ordered like the app's ids, random bits from the seed. */
  const idAt = (ms: number) => {
    const a = u32();
    const b = u32();
    return uuidAt(ms, a, b, u32());
  };
  return { random, int, pick, idAt, u32, chance: (p: number) => random() < p };
}
type Gen = ReturnType<typeof generator>;

const iso = isoAt;
const round1 = (n: number) => Math.round(n * 10) / 10;

function weightedPicker<T extends { weight: number }>(items: readonly T[], g: Gen) {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let sum = 0;
  const cumulative = items.map((i) => (sum += i.weight / total));
  return () => {
    const u = g.random();
    const at = cumulative.findIndex((c) => u < c);
    return items[at === -1 ? items.length - 1 : at]!;
  };
}

// ---------------------------------------------------------------------------------------------
// Tables' columns as the builder writes them.

const USER_COLUMNS: Columns = [
  ['id', 'text'],
  ['email', 'text'],
  ['username', 'text'],
  ['name', 'text'],
  ['password_hash', 'text'],
  ['profile_type', 'text'],
  ['verified_at', 'text'],
  ['bio', 'text'],
  ['location', 'text'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
];
const DRIVE_COLUMNS: Columns = [
  ['id', 'text'],
  ['organizer_id', 'text'],
  ['name', 'text'],
  ['tree_quantity', 'int4'],
  ['starts_at', 'text'],
  ['duration_hours', 'int4'],
  ['country', 'text'],
  ['location_text', 'text'],
  ['lat', 'float8'],
  ['lng', 'float8'],
  ['description', 'text'],
  ['tree_sizes', 'text'],
  ['tree_types', 'text'],
  ['sponsors', 'text'],
  ['land_donors', 'text'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
  ['reminder_sent_at', 'text'],
  ['time_zone', 'text'],
];
const PARTICIPANT_COLUMNS: Columns = [
  ['drive_id', 'text'],
  ['user_id', 'text'],
  ['joined_at', 'text'],
];
const TREE_COLUMNS: Columns = [
  ['id', 'text'],
  ['owner_id', 'text'],
  ['drive_id', 'text'],
  ['species_id', 'int4'],
  ['size', 'text'],
  ['planted_at', 'text'],
  ['lat', 'float8'],
  ['lng', 'float8'],
  ['nickname', 'text'],
  ['status', 'text'],
  ['created_at', 'text'],
  ['tree_count', 'int4'],
  ['alive_count', 'int4'],
  ['location_text', 'text'],
  ['cause', 'text'],
  ['status_changed_at', 'text'],
  ['last_measured_at', 'text'],
  ['last_height_cm', 'float8'],
  ['last_diameter_cm', 'float8'],
  // 0049 (issue 21 §3): the last check (registration, measurement, care entry, health report).
  ['last_checked_at', 'text'],
  // 0060 (issue 25): the place others see, as the geocoder would name the area.
  ['public_place', 'text'],
];
const MEASUREMENT_COLUMNS: Columns = [
  ['id', 'text'],
  ['tree_id', 'text'],
  ['measured_at', 'text'],
  ['height_cm', 'float8'],
  ['diameter_cm', 'float8'],
  ['created_at', 'text'],
];
const CARE_DUE_COLUMNS: Columns = [
  ['tree_id', 'text'],
  ['rule', 'int4'],
  ['owner_id', 'text'],
  ['task', 'text'],
  ['due_at', 'text'],
  ['closes_at', 'text'],
  ['last_done_at', 'text'],
];
const CARE_COLUMNS: Columns = [
  ['id', 'text'],
  ['tree_id', 'text'],
  ['action', 'text'],
  ['done_at', 'text'],
  ['created_at', 'text'],
];
const DONATION_COLUMNS: Columns = [
  ['id', 'text'],
  ['donor_id', 'text'],
  ['drive_id', 'text'],
  ['kind', 'text'],
  ['trees', 'int4'],
  ['amount_minor', 'int4'],
  ['currency', 'text'],
  ['category', 'text'],
  ['message', 'text'],
  ['anonymous', 'int4'],
  ['status', 'text'],
  ['provider', 'text'],
  ['checkout_session_id', 'text'],
  ['payment_ref', 'text'],
  ['receipt_number', 'text'],
  ['failure_reason', 'text'],
  ['created_at', 'text'],
  ['paid_at', 'text'],
  ['updated_at', 'text'],
];

// prettier-ignore
const FIRST = [
  'Aarav', 'Ananya', 'Rohan', 'Meera', 'Kiran', 'Neha', 'Vikram', 'Lakshmi', 'Arjun', 'Divya',
  'Amina', 'Kofi', 'Wanjiku', 'Baraka', 'Zawadi', 'Chinedu', 'Ngozi', 'Tendai', 'Lucas',
  'Beatriz', 'Mateus', 'Camila', 'Diego', 'Valentina', 'Emma', 'Liam', 'Olivia', 'Noah',
  'Sophie', 'Jakob', 'Hannah', 'Luis', 'Carmen', 'Siti', 'Budi', 'Putri', 'Maria', 'Jose',
  'Rahim', 'Farzana', 'Sanjay', 'Pooja', 'Tomas', 'Ines', 'Chloe', 'Mei', 'Hoa', 'Aroha', 'Jack',
  'Grace',
];
// prettier-ignore
const LAST = [
  'Sharma', 'Iyer', 'Patel', 'Nair', 'Reddy', 'Das', 'Menon', 'Singh', 'Kamau', 'Otieno',
  'Mensah', 'Okafor', 'Mwangi', 'Silva', 'Santos', 'Oliveira', 'Costa', 'Garcia', 'Lopez',
  'Smith', 'Brown', 'Walker', 'Schmidt', 'Fischer', 'Weber', 'Martin', 'Dubois', 'Rossi',
  'Wijaya', 'Santoso', 'Reyes', 'Cruz', 'Rahman', 'Hossain', 'Shrestha', 'Perera', 'Nguyen',
  'Tran', 'Wilson', 'Taylor',
];
const ORGS = ['Industries', 'Foundation', 'Energy', 'Bank', 'Logistics', 'Foods', 'Motors', 'Tech'];
const DRIVE_WORDS = [
  'Monsoon',
  'Riverbank',
  'School',
  'Hillside',
  'Mangrove',
  'Park',
  'Lakeside',
  'Street',
];
const SPECIES = TREE_SPECIES.map((s) => s.value);
const CARE_ACTIONS = ['watered', 'mulched', 'weeded'] as const;

export interface GeneratedCounts {
  members: number;
  drives: number;
  participants: number;
  trees: number;
  measurements: number;
  care: number;
  /** `tree_care_due` rows: each living tree's care rules by the app's own `careDueRowsOf`. */
  careDue: number;
  donations: number;
}

/**
 * Writes the rows that grow the demo community to `size`: members, drives over five years, trees
 * over ten (by their drives' days, or anywhere near a city), measurements on about half of them,
 * care on young ones, donations paid and not. Returns what it wrote and every new tree's share of
 * `tree_impact_cohorts` (by the app's `cohortShare`), which the caller adds to the summary.
 */
export async function generate(
  db: BulkDb,
  demo: DemoState,
  size: ScaleSize,
  now: number,
  log: (line: string) => void,
  /** Each new located tree, for the trees map's R*Tree (SQLite; trees-geo.ts). */
  onLocatedTree?: AddGeoTree,
): Promise<{
  counts: GeneratedCounts;
  cohorts: Map<string, CohortShare>;
  totals: Map<string, { amount: number; trees: number; donations: number }>;
}> {
  const g = generator(20_2020);
  // Rows per flush: small, so a batch's rows die young (a large one outlived the young generation
  // and filled the old one: seconds of garbage collection; on PostgreSQL too, now each flush is a
  // COPY rather than an unnest statement that wanted large ones).
  const flushRows = 2_000;
  const place = weightedPicker(PLACES, g);
  const started = performance.now();
  const lap = (what: string) =>
    log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  // Members: joined over five years, more of them lately.
  const memberCount = Math.max(0, size.members - demo.users);
  const members: { id: string; type: 'individual' | 'corporate' | 'nursery' }[] = [];
  const userRows: Row[] = [];
  for (let i = 0; i < memberCount; i++) {
    const joined =
      now - 5 * YEAR * (1 - Math.sqrt((i + 0.5) / memberCount)) - g.int(1, 3600) * 1000;
    const home = place();
    const u = g.random();
    const type = u < 0.92 ? 'individual' : u < 0.98 ? 'corporate' : 'nursery';
    const first = g.pick(FIRST);
    const last = g.pick(LAST);
    const name =
      type === 'individual'
        ? `${first} ${last}`
        : type === 'corporate'
          ? `${last} ${g.pick(ORGS)}`
          : `${home.name} Saplings ${i}`;
    let username = `${first}${last}${i}`.toLowerCase();
    if (demo.usernames.has(username)) username = `${username}x`;
    const id = g.idAt(joined);
    members.push({ id, type });
    userRows.push([
      id,
      `member${i}@scale.canopy.example`,
      username,
      name,
      demo.passwordHash,
      type,
      iso(joined + 60_000),
      g.chance(0.1) ? 'Planting trees with my neighbours.' : null,
      `${home.name}, ${home.country}`,
      iso(joined),
      iso(joined),
    ]);
  }
  await db.insert('users', USER_COLUMNS, userRows);
  userRows.length = 0;
  lap(`${memberCount.toLocaleString('en')} members`);
  // Earlier members are more active (a skewed pick), as in any community.
  const someMember = () => members[Math.floor(members.length * g.random() ** 2.2)]!.id;
  const organisers = members.filter(
    (m) => m.type !== 'nursery' && g.chance(m.type === 'corporate' ? 1 : 0.05),
  );

  // Drives: from four years ago to one ahead, more of them lately; greenleaf organises its share.
  const driveCount = Math.max(0, size.drives - demo.drives);
  const greenleafNeeded = Math.max(0, size.greenleafDrives - demo.greenleafDrives);
  const greenleafEvery =
    greenleafNeeded > 0 ? Math.max(1, Math.floor(driveCount / greenleafNeeded)) : 0;
  let greenleafGiven = 0;
  interface Drive {
    id: string;
    organiser: string;
    startsAt: number;
    createdAt: number;
    hours: number;
    place: Place;
    lat: number;
    lng: number;
    species: number[];
    participants: string[];
  }
  // Each started drive is written with its attendance minutes (the attendance rows follow below,
  // by the same rule), so 0047's triggers count them on insert; an update of every drive after
  // the fact took PostgreSQL's per-row triggers over 8 minutes.
  const attendance = await hasTable(db, 'drive_attendance');
  // Each drive's count of members who joined (0046) too, from its participants below: the
  // builder sets aside the trigger that counts each participation (on PostgreSQL each one's
  // update of its drive fired the drives' statement triggers).
  const participantCounts = await hasColumn(db, 'drives', 'participants_count');
  const driveColumns: Columns = [
    ...DRIVE_COLUMNS,
    ...(attendance ? ([['attendance_minutes', 'int4']] as const) : []),
    ...(participantCounts ? ([['participants_count', 'int4']] as const) : []),
  ];
  const attendedMinutes = (drive: Drive, upcoming: boolean) =>
    upcoming
      ? 0
      : drive.participants.reduce((sum, user) => {
          const last = user.at(-1);
          if (last === '0' || last === '7') return sum;
          return sum + drive.hours * 60 - (last === '3' ? 60 : 0);
        }, 0);
  const drives: Drive[] = [];
  const driveRows: Row[] = [];
  const participantRows: Row[] = [];
  const span = 5 * YEAR;
  const from = now - 4 * YEAR;
  for (let i = 0; i < driveCount; i++) {
    const day = Math.floor((from + span * Math.sqrt((i + 0.5) / driveCount)) / DAY) * DAY;
    const home = place();
    // Local daytime, roughly: 03:00–09:00 UTC suits Asia and Africa; the Americas later.
    const hourUtc = home.lng < -30 ? g.int(12, 18) : home.lng > 60 ? g.int(1, 6) : g.int(6, 12);
    const startsAt = day + hourUtc * 3_600_000;
    const createdAt = Math.min(startsAt - g.int(14, 90) * DAY, now - g.int(1, 30) * DAY);
    const organiser =
      greenleafEvery && i % greenleafEvery === 0 && greenleafGiven < greenleafNeeded
        ? (greenleafGiven++, demo.greenleafId)
        : g.pick(organisers).id;
    const species = Array.from({ length: g.int(1, 4) }, () => g.pick(SPECIES));
    const drive: Drive = {
      id: g.idAt(createdAt),
      organiser,
      startsAt,
      createdAt,
      hours: g.int(1, 5),
      place: home,
      lat: round5(home.lat + (g.random() - 0.5) * 0.3),
      lng: round5(home.lng + (g.random() - 0.5) * 0.3),
      species: [...new Set(species)],
      participants: [],
    };
    drives.push(drive);
    const upcoming = startsAt > now;
    // Participants: a handful each (fewer for drives ahead); asha joins about one in a hundred.
    const joiners = new Set<string>();
    const n = g.int(0, upcoming ? 4 : 7);
    for (let k = 0; k < n; k++) joiners.add(someMember());
    if (g.chance(0.01)) joiners.add(demo.ashaId);
    joiners.delete(organiser);
    for (const user of joiners) {
      drive.participants.push(user);
      participantRows.push([
        drive.id,
        user,
        iso(Math.min(now, createdAt + g.int(1, 14 * 24) * 3_600_000, startsAt - 3_600_000)),
      ]);
    }
    driveRows.push([
      drive.id,
      organiser,
      `${g.pick(DRIVE_WORDS)} planting in ${home.name} #${i + 1}`,
      g.int(2, 50) * 10,
      iso(startsAt),
      drive.hours,
      home.country,
      `${g.pick(DRIVE_WORDS)} site, ${home.name}`,
      drive.lat,
      drive.lng,
      'Native saplings, water and gloves provided. Bring a hat.',
      JSON.stringify(g.chance(0.6) ? ['packet'] : ['packet', 'potted']),
      JSON.stringify(drive.species),
      JSON.stringify([]),
      JSON.stringify([]),
      iso(createdAt),
      iso(createdAt),
      // The day-before reminder went out for every drive that has started.
      upcoming ? null : iso(startsAt - DAY),
      home.timeZone,
      ...(attendance ? [attendedMinutes(drive, upcoming)] : []),
      ...(participantCounts ? [drive.participants.length] : []),
    ]);
    if (driveRows.length >= 10_000) {
      await db.insert('drives', driveColumns, driveRows.splice(0));
      await db.insert('drive_participants', PARTICIPANT_COLUMNS, participantRows.splice(0));
    }
  }
  await db.insert('drives', driveColumns, driveRows.splice(0));
  const participants = participantRows.length;
  await db.insert('drive_participants', PARTICIPANT_COLUMNS, participantRows.splice(0));
  // Attendance (issue 21) at the drives that have started: about seven in eight who joined came
  // (checked in at the start, counting the duration), one in sixteen left early (corrected to an
  // hour less), as each drive's attendance minutes above already count.
  if (attendance) {
    const startedBy = new Date(now).toISOString();
    await db.run(
      `insert into drive_attendance (drive_id, person_id, user_id, checked_in_at, corrected_minutes,
         minutes, created_at, updated_at)
       select p.drive_id, p.user_id, p.user_id, d.starts_at,
         case when substr(p.user_id, length(p.user_id), 1) = '3'
           then d.duration_hours * 60 - 60 end,
         case when substr(p.user_id, length(p.user_id), 1) = '3'
           then d.duration_hours * 60 - 60 else d.duration_hours * 60 end,
         d.starts_at, d.starts_at
       from drive_participants p join drives d on d.id = p.drive_id
       where d.starts_at <= ? and substr(p.user_id, length(p.user_id), 1) not in ('0', '7')
         and not exists (select 1 from drive_attendance a
           where a.drive_id = p.drive_id and a.person_id = p.user_id)`,
      [startedBy],
    );
    // The demo's own drives whose participants were given attendance above (only they differ).
    await db.run(
      `update drives set attendance_minutes = s.minutes
         from (select drive_id, sum(minutes) as minutes from drive_attendance group by drive_id) s
        where s.drive_id = drives.id and drives.attendance_minutes <> s.minutes`,
    );
  }
  lap(`${driveCount.toLocaleString('en')} drives`);

  // Trees: two in three at a drive that has happened (on its day, near its place), the rest
  // planted by members anywhere near a city over ten years; all in planting order.
  const treeCount = Math.max(0, size.trees - demo.trees);
  const pastDrives = drives.filter((d) => d.startsAt + d.hours * 3_600_000 < now - DAY);
  const atDrives = pastDrives.length ? Math.round(treeCount * 0.65) : 0;
  const plantedAt = new Float64Array(treeCount);
  const driveOf = new Int32Array(treeCount);
  for (let i = 0; i < treeCount; i++) {
    if (i < atDrives) {
      const d = g.int(0, pastDrives.length - 1);
      driveOf[i] = d;
      plantedAt[i] = pastDrives[d]!.startsAt + g.random() * pastDrives[d]!.hours * 3_600_000;
    } else {
      driveOf[i] = -1;
      plantedAt[i] = now - 10 * YEAR * (1 - Math.sqrt(g.random())) - g.int(1, 12) * 3_600_000;
    }
  }
  const order = new Uint32Array(treeCount).map((_, i) => i);
  order.sort((a, b) => plantedAt[a]! - plantedAt[b]!);
  lap('planting days ordered');

  const measurementTarget = Math.max(0, size.measurements - demo.measurements);
  // Measured trees carry 1–5 measurements (2.93 on average), so the share measured gives the total.
  const perMeasured = [0.12, 0.27, 0.3, 0.18, 0.13];
  // (a few trees are too young to measure, hence a little more than the plain share)
  const measuredShare = Math.min(1, (1.008 * measurementTarget) / 2.93 / Math.max(1, treeCount));
  const ashaNeeded = Math.max(0, size.ashaTrees - demo.ashaTrees);
  const ashaEvery = ashaNeeded > 0 ? Math.max(1, Math.floor(treeCount / ashaNeeded)) : 0;
  let ashaGiven = 0;

  const cohorts = new Map<string, CohortShare>();
  // Flat arrays of whole rows' values, emptied by each flush (no array per row).
  const treeValues: unknown[] = [];
  // Measurements and care entries go in after the trees, in the order of their ids (the time
  // each was made, as the app appends them): tree by tree, their UUIDv7 keys landed all over the
  // key index (9.6 µs a row, against 3.5 µs for rows appended at its end).
  const measurementsLater = byTime();
  const careLater = byTime();
  let treesWaiting = 0;
  // Each living tree's care rules (`tree_care_due`), written with the tree by the rules the trees
  // repository keeps them with, rules closed by now left out (as its rebuild leaves them): a
  // rebuild from the rows after the load read every tree and its care log again (65 s).
  const careDue = await hasTable(db, 'tree_care_due');
  const careDueFrom = Math.floor(now);
  const careDueValues: unknown[] = [];
  const careInput: CareInput = {
    id: '',
    ownerId: '',
    planted: 0,
    created: 0,
    measured: null,
    measuredAt: null,
    checked: null,
    checkedAt: null,
    watered: null,
    wateredAt: null,
    weeded: null,
    weededAt: null,
    mulched: null,
    mulchedAt: null,
  };
  let measurements = 0;
  let care = 0;
  let careDueWritten = 0;
  const flush = async () => {
    await db.insertFlat('trees', TREE_COLUMNS, treeValues);
    await db.insertFlat('tree_care_due', CARE_DUE_COLUMNS, careDueValues);
    // (PostgreSQL's batches hold copies of the values, so the arrays are free again.)
    treeValues.length = 0;
    careDueValues.length = 0;
    treesWaiting = 0;
  };
  for (let n = 0; n < treeCount; n++) {
    const i = order[n]!;
    const planted = Math.min(plantedAt[i]!, now - 3_600_000);
    const drive = driveOf[i]! >= 0 ? pastDrives[driveOf[i]!]! : undefined;
    const home = drive?.place ?? place();
    const created = Math.min(now - 60_000, planted + g.int(10, 48 * 60) * 60_000);
    const createdAt = iso(created);
    const id = g.idAt(created);
    let owner: string;
    if (ashaEvery && n % ashaEvery === ashaEvery - 1 && ashaGiven < ashaNeeded) {
      owner = demo.ashaId;
      ashaGiven++;
    } else if (drive && drive.participants.length && g.chance(0.7))
      owner = g.pick(drive.participants);
    else if (drive) owner = drive.organiser;
    else owner = someMember();
    const species = drive ? g.pick(drive.species) : g.pick(SPECIES);
    const size = g.chance(0.6) ? 'packet' : 'potted';
    const located = drive || g.chance(0.95);
    const lat = located
      ? round5((drive?.lat ?? home.lat) + (g.random() - 0.5) * (drive ? 0.01 : 0.3))
      : null;
    const lng = located
      ? round5((drive?.lng ?? home.lng) + (g.random() - 0.5) * (drive ? 0.01 : 0.3))
      : null;
    const treeCountOf = g.chance(0.85) ? 1 : g.int(2, 25);
    const ageYears = (now - planted) / YEAR;
    const u = g.random();
    const status =
      u < 0.03 + 0.01 * Math.min(ageYears, 3) ? 'dead' : u < 0.1 ? 'needs_care' : 'alive';
    const statusChanged = status === 'alive' ? null : planted + g.random() * (now - planted);
    const alive =
      status === 'dead'
        ? 0
        : Math.max(1, treeCountOf - (g.chance(0.2) ? g.int(0, Math.floor(treeCountOf / 3)) : 0));
    const cause =
      status === 'dead'
        ? g.pick(DEATH_CAUSES)
        : status === 'needs_care' && g.chance(0.5)
          ? 'drought'
          : null;

    // Measurements, on about half the trees, between planting and now (or death).
    let last: { at: number; height: number; diameter: number } | null = null;
    const until = statusChanged !== null && status === 'dead' ? statusChanged : now - 3_600_000;
    if (g.random() < measuredShare && until - planted > 7 * DAY) {
      const u2 = g.random();
      let count = 1;
      for (let c = 0, acc = 0; c < perMeasured.length; c++) {
        acc += perMeasured[c]!;
        if (u2 < acc) {
          count = c + 1;
          break;
        }
      }
      const start = size === 'packet' ? 20 : 70;
      const growth = g.int(30, 110);
      const thicken = 0.6 + g.random() * 1.4;
      const times = Array.from(
        { length: count },
        () => planted + 7 * DAY + g.random() * (until - planted - 7 * DAY),
      ).sort((a, b) => a - b);
      for (const at of times) {
        const years = (at - planted) / YEAR;
        last = {
          at,
          height: Math.min(15_000, round1(start + growth * years)),
          diameter: Math.min(1000, round1(0.4 + thicken * years)),
        };
        measurementsLater.add(at, g.u32(), g.u32(), g.u32());
        measurementsLater.rest.push(id, last.height, last.diameter);
        measurements++;
      }
    }
    // Care logged on most young living trees (the latest of each action kept for the care rules).
    let lastCare = 0;
    let watered = 0;
    let weeded = 0;
    let mulched = 0;
    if (status !== 'dead' && ageYears < 1 && g.chance(0.35)) {
      for (let k = g.int(1, 3); k > 0; k--) {
        const at = planted + g.random() * (now - planted);
        lastCare = Math.max(lastCare, at);
        const action = g.pick(CARE_ACTIONS);
        if (action === 'watered') watered = Math.max(watered, at);
        else if (action === 'weeded') weeded = Math.max(weeded, at);
        else mulched = Math.max(mulched, at);
        careLater.add(at, g.u32(), g.u32(), g.u32());
        careLater.rest.push(id, action);
        care++;
      }
    }
    // The last check (0049): registration, the last measurement, care entry or health report.
    const lastChecked = Math.max(created, statusChanged ?? 0, last?.at ?? 0, lastCare);
    const lastCheckedAt = iso(lastChecked);
    const row = {
      species_id: species,
      size,
      planted_at: iso(planted),
      status,
      alive_count: alive,
      last_measured_at: last ? iso(last.at) : null,
      last_height_cm: last?.height ?? null,
      last_diameter_cm: last?.diameter ?? null,
    } as const;
    const share = cohortShare(row);
    if (share) {
      const key = `${share.species_id}|${share.size}|${share.planted_day}`;
      const seen = cohorts.get(key);
      if (!seen) cohorts.set(key, share);
      else {
        seen.plants += share.plants;
        seen.measured_plants += share.measured_plants;
        seen.measured_co2_mg += share.measured_co2_mg;
      }
    }
    treeValues.push(
      id,
      owner,
      drive?.id ?? null,
      species,
      size,
      row.planted_at,
      lat,
      lng,
      g.chance(0.03) ? `${g.pick(FIRST)}'s tree` : null,
      status,
      createdAt,
      treeCountOf,
      alive,
      drive ? `Planting site, ${home.name}` : `${home.name}, ${home.country}`,
      cause,
      statusChanged === null ? null : iso(statusChanged),
      row.last_measured_at,
      row.last_height_cm,
      row.last_diameter_cm,
      lastCheckedAt,
      lat === null ? null : `${home.name}, ${home.country}`,
    );
    treesWaiting++;
    if (lat !== null && lng !== null)
      onLocatedTree?.(id, species, status, lat, lng, treeCountOf, alive, createdAt);
    if (careDue && status !== 'dead') {
      // The same instants as the texts above (whole milliseconds, as the texts hold them).
      careInput.id = id;
      careInput.ownerId = owner;
      careInput.planted = Math.floor(planted);
      careInput.created = Math.floor(created);
      careInput.measured = last ? Math.floor(last.at) : null;
      careInput.measuredAt = row.last_measured_at;
      careInput.checked = Math.floor(lastChecked);
      careInput.checkedAt = lastCheckedAt;
      careInput.watered = watered ? Math.floor(watered) : null;
      careInput.wateredAt = watered ? iso(watered) : null;
      careInput.weeded = weeded ? Math.floor(weeded) : null;
      careInput.weededAt = weeded ? iso(weeded) : null;
      careInput.mulched = mulched ? Math.floor(mulched) : null;
      careInput.mulchedAt = mulched ? iso(mulched) : null;
      careDueWritten += pushCareDue(careDueValues, careInput, careDueFrom);
    }
    if (treesWaiting >= flushRows) {
      await flush();
      if ((n + 1) % 200_000 === 0) lap(`${(n + 1).toLocaleString('en')} trees`);
    }
  }
  await flush();
  const { rest: measured } = measurementsLater;
  await measurementsLater.write(
    db,
    'tree_measurements',
    MEASUREMENT_COLUMNS,
    (id, ms, k, values) => {
      const at = iso(ms);
      values.push(id, measured[3 * k], at, measured[3 * k + 1], measured[3 * k + 2], at);
    },
  );
  const { rest: logged } = careLater;
  await careLater.write(db, 'tree_care_log', CARE_COLUMNS, (id, ms, k, values) => {
    const at = iso(ms);
    values.push(id, logged[2 * k], logged[2 * k + 1], at, at);
  });
  lap(
    `${treeCount.toLocaleString('en')} trees, ${measurements.toLocaleString('en')} measurements, ${care.toLocaleString('en')} care entries, ${careDueWritten.toLocaleString('en')} care due rows`,
  );

  // Donations over five years: cash to the fund or a drive, trees for a drive. A paid tree gift
  // names a drive still ahead (its trees are not planted yet, so no allocation is owed); checkouts
  // unpaid for a day have expired, as the app's job leaves them.
  const donationCount = Math.max(0, size.donations - demo.donations);
  const upcoming = drives.filter((d) => d.startsAt > now);
  const counters = new Map(demo.receiptCounters);
  const donationRows: Row[] = [];
  // What the paid ones add to `donation_totals` (refunded ones were added and taken off again).
  const totals = new Map<string, { amount: number; trees: number; donations: number }>();
  const categories = DONATION_CATEGORIES.map((c) => c.value).filter((c) => c !== 'Trees');
  for (let i = 0; i < donationCount; i++) {
    let created =
      now - 5 * YEAR * (1 - Math.sqrt((i + 0.5) / donationCount)) - g.int(1, 3600) * 1000;
    const donor = g.chance(0.002) ? demo.ashaId : someMember();
    const recent = created > now - DAY;
    const u = g.random();
    const status = recent
      ? u < 0.5
        ? 'pending'
        : 'paid'
      : u < 0.85
        ? 'paid'
        : u < 0.92
          ? 'expired'
          : u < 0.95
            ? 'cancelled'
            : u < 0.97
              ? 'failed'
              : 'refunded';
    const wasPaid = status === 'paid' || status === 'refunded';
    let kind: 'cash' | 'trees' = g.chance(0.4) ? 'trees' : 'cash';
    let driveId: string | null = null;
    if (kind === 'trees' && wasPaid) {
      const d = upcoming.length ? g.pick(upcoming) : undefined;
      if (d && d.createdAt < now - 3_600_000) {
        driveId = d.id;
        created = Math.max(created, d.createdAt + g.random() * (now - 3_600_000 - d.createdAt));
      } else kind = 'cash';
    } else if (kind === 'trees' || g.chance(0.5)) {
      // Most drives are recent; a drive made before the gift is found in a few tries, else the
      // gift goes to the general fund as cash.
      for (let t = 0; t < 8 && !driveId && drives.length; t++) {
        const d = g.pick(drives);
        if (d.createdAt < created) driveId = d.id;
      }
      if (!driveId) kind = 'cash';
    }
    const trees = kind === 'trees' ? g.int(1, 25) : 0;
    const currency = g.chance(0.95) ? 'USD' : 'EUR';
    const amount = kind === 'trees' ? trees * 500 : g.int(1, 400) * 250;
    const paidAt = wasPaid ? created + g.int(1, 10) * 60_000 : null;
    let receipt: string | null = null;
    if (paidAt !== null) {
      const year = new Date(paidAt).getUTCFullYear();
      const next = (counters.get(year) ?? 0) + 1;
      counters.set(year, next);
      receipt = `CAN-${year}-${String(next).padStart(6, '0')}`;
    }
    if (status === 'paid') {
      const t = totals.get(currency) ?? { amount: 0, trees: 0, donations: 0 };
      t.amount += amount;
      t.trees += trees;
      t.donations += 1;
      totals.set(currency, t);
    }
    const updated = paidAt ?? (status === 'pending' ? created : created + DAY);
    donationRows.push([
      g.idAt(created),
      donor,
      driveId,
      kind,
      trees,
      amount,
      currency,
      kind === 'trees' ? 'Trees' : g.pick(categories),
      g.chance(0.1) ? 'For the next planting' : null,
      g.chance(0.1) ? 1 : 0,
      status,
      'test',
      `cs_scale_${i}`,
      wasPaid ? `pi_scale_${i}` : null,
      receipt,
      status === 'failed' ? 'Your card was declined.' : null,
      iso(created),
      paidAt === null ? null : iso(paidAt),
      iso(Math.min(now, updated)),
    ]);
    if (donationRows.length >= flushRows)
      await db.insert('donations', DONATION_COLUMNS, donationRows.splice(0));
  }
  await db.insert('donations', DONATION_COLUMNS, donationRows.splice(0));
  for (const [year, last] of counters) {
    if (demo.receiptCounters.get(year) === last) continue;
    await db.run(
      demo.receiptCounters.has(year)
        ? 'update receipt_counters set last = ? where year = ?'
        : 'insert into receipt_counters (last, year) values (?, ?)',
      [last, year],
    );
  }
  await db.drain();
  lap(`${donationCount.toLocaleString('en')} donations`);
  return {
    counts: {
      members: memberCount,
      drives: driveCount,
      participants,
      trees: treeCount,
      measurements,
      care,
      careDue: careDueWritten,
      donations: donationCount,
    },
    cohorts,
    totals,
  };
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * Rows kept until the end (each one's instant, its id's three random words and the rest of its
 * values) and written in the order of that instant, which their UUIDv7 ids begin with.
 */
function byTime() {
  const at: number[] = [];
  const words: number[] = [];
  const rest: unknown[] = [];
  return {
    /** The rest of each row's values, pushed by the caller after `add`. */
    rest,
    add(ms: number, a: number, b: number, c: number) {
      at.push(ms);
      words.push(a, b, c);
    },
    /** Writes the rows in time order, each one's values pushed by `row`, 4,000 at a time. */
    async write(
      db: BulkDb,
      table: string,
      columns: Columns,
      row: (id: string, ms: number, k: number, values: unknown[]) => void,
    ) {
      const order = new Uint32Array(at.length).map((_, i) => i).sort((x, y) => at[x]! - at[y]!);
      const values: unknown[] = [];
      let waiting = 0;
      for (const k of order) {
        row(uuidAt(at[k]!, words[3 * k]!, words[3 * k + 1]!, words[3 * k + 2]!), at[k]!, k, values);
        if (++waiting < 4_000) continue;
        await db.insertFlat(table, columns, values);
        values.length = 0;
        waiting = 0;
      }
      await db.insertFlat(table, columns, values);
    },
  };
}
