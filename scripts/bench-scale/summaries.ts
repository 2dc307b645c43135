import {
  cohortShare,
  groupPartial,
  type CohortShare,
  type CohortSource,
} from '../../server/modules/trees/tree-impact';
import { careDueRowsOf } from '../../server/modules/trees/tree-care-due.repository';
import { treeMapGridStatements } from '../../server/modules/trees/tree-map.repository';
import { driveMapGridStatements } from '../../server/modules/drives/drive-map-grid';
import { ORGANISER_DRIVE_DAYS_FILL } from '../../server/db/migrations/0032-organiser-drive-days';
import { ORGANISER_PERIODS_FILL } from '../../server/db/migrations/0039-organiser-periods';
import { VERIFICATION_DRIVES_FILL } from '../../server/db/migrations/0061-verification-waiting-drives';
import { OPEN_BY_OWNER } from '../../server/db/migrations/0067-tree-replanting-counts';
import {
  DRIVE_MEMBER_TOTAL_COLUMNS,
  MEMBER_TOTALS_FROM_ROWS,
} from '../../server/db/migrations/0069-drive-member-totals';
import { BULK_TABLES, type BulkDb, type Columns } from './bulk-db';

type Cohorts = Map<string, CohortShare>;
const keyOf = (s: Pick<CohortShare, 'species_id' | 'size' | 'planted_day'>) =>
  `${s.species_id}|${s.size}|${s.planted_day}`;

const COHORT_COLUMNS: Columns = [
  ['species_id', 'int4'],
  ['size', 'text'],
  ['planted_day', 'text'],
  ['plants', 'int4'],
  ['measured_plants', 'int4'],
  ['measured_co2_mg', 'int8'],
  ['counted_plants', 'int4'],
  ['counted_measured_plants', 'int4'],
  ['counted_measured_co2_mg', 'int8'],
  ['dirty', 'int4'],
];
const PARTIAL_COLUMNS: Columns = [
  ['species_id', 'int4'],
  ['size', 'text'],
  ['planted_year', 'text'],
  ['plants', 'int4'],
  ['measured_plants', 'int4'],
  ['measured_co2_mg', 'int8'],
  ['predicted_co2_kg', 'float8'],
  ['computed_at', 'text'],
];

async function storedCohorts(db: BulkDb): Promise<Cohorts> {
  const rows = await db.all<CohortShare>('select * from tree_impact_cohorts');
  return new Map(
    rows.map((r) => {
      const share: CohortShare = {
        species_id: Number(r.species_id),
        size: r.size,
        planted_day: String(r.planted_day),
        plants: Number(r.plants),
        measured_plants: Number(r.measured_plants),
        measured_co2_mg: Number(r.measured_co2_mg),
      };
      return [keyOf(share), share];
    }),
  );
}

/**
 * Adds the new trees' shares (from the app's `cohortShare`, summed while generating) to the
 * demo's `tree_impact_cohorts`, as the trees repository's `apply` would row by row: counts added
 * per (species, size, planting day), rows left empty dropped. Where the app keeps the figure's
 * partials by a job (0026), every row is then counted as the job's pass leaves it
 * (`settleGroup`: counted = current, not changed) and each species, size and planting year's
 * partial is the app's own `groupPartial` of its rows, computed now: the job's passes over every
 * row read and updated each group again (8 s on SQLite, 88 s on PostgreSQL at a million). The
 * consistency check compares the partials with their rows.
 */
export async function addCohorts(db: BulkDb, added: Cohorts): Promise<number> {
  const merged = await storedCohorts(db);
  for (const [key, share] of added) {
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...share });
    else {
      seen.plants += share.plants;
      seen.measured_plants += share.measured_plants;
      seen.measured_co2_mg += share.measured_co2_mg;
    }
  }
  const rows = [...merged.values()].filter((r) => r.plants !== 0 || r.measured_plants !== 0);
  const partials = await hasTable(db, 'tree_impact_partials');
  if (partials) await db.run('delete from tree_impact_partials');
  await db.run('delete from tree_impact_cohorts');
  // (Before 0026 nothing counts the rows: the first six columns, as `apply` writes them.)
  await db.insert(
    'tree_impact_cohorts',
    partials ? COHORT_COLUMNS : COHORT_COLUMNS.slice(0, 6),
    rows.map((r) => [
      r.species_id,
      r.size,
      r.planted_day,
      r.plants,
      r.measured_plants,
      r.measured_co2_mg,
      ...(partials ? [r.plants, r.measured_plants, r.measured_co2_mg, 0] : []),
    ]),
  );
  if (partials) {
    const groups = new Map<string, CohortShare[]>();
    for (const r of rows) {
      const key = `${r.species_id}|${r.size}|${r.planted_day.slice(0, 4)}`;
      const group = groups.get(key);
      if (group) group.push(r);
      else groups.set(key, [r]);
    }
    const at = new Date();
    await db.insert(
      'tree_impact_partials',
      PARTIAL_COLUMNS,
      [...groups.values()]
        .map((group) =>
          groupPartial(
            {
              species_id: group[0]!.species_id,
              size: group[0]!.size,
              planted_year: group[0]!.planted_day.slice(0, 4),
            },
            group,
            at,
          ),
        )
        // As `settleGroup` stores them: an empty partial is none.
        .filter((p) => p.plants > 0 || p.measured_plants > 0 || p.measured_co2_mg !== 0)
        .map((p) => [
          p.species_id,
          p.size,
          p.planted_year,
          p.plants,
          p.measured_plants,
          p.measured_co2_mg,
          p.predicted_co2_kg,
          p.computed_at,
        ]),
    );
  }
  await db.drain();
  return rows.length;
}

export async function hasTable(db: BulkDb, name: string): Promise<boolean> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.all(`select name from sqlite_master where type = 'table' and name = ?`, [name])
      : await db.all(
          `select 1 from pg_tables where schemaname = current_schema() and tablename = ?`,
          [name],
        );
  return rows.length > 0;
}

/** Whether `table` has the column `name` (a summary column a later migration adds). */
export async function hasColumn(db: BulkDb, table: string, name: string): Promise<boolean> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.all(`select 1 from pragma_table_info(?) where name = ?`, [table, name])
      : await db.all(
          `select 1 from information_schema.columns
             where table_schema = current_schema() and table_name = ? and column_name = ?`,
          [table, name],
        );
  return rows.length > 0;
}

/**
 * The trees map's grid (`tree_map_cells`, 0033) summed again from every tree with the app's own
 * steps (the migration's backfill): the bulk rows went past the trees repository's writes.
 */
export async function rebuildTreeMapGrid(db: BulkDb): Promise<number> {
  await db.run('delete from tree_map_cells');
  for (const statement of treeMapGridStatements(db.dialect).rebuild) await db.run(statement);
  const [row] = await db.all<{ n: number | string }>('select count(*) as n from tree_map_cells');
  return Number(row?.n ?? 0);
}

/** PostgreSQL's triggers (0039) that keep the organisers' periods from the day rows. */
const PERIOD_TRIGGERS = [
  ['tree_drive_days', 'tree_drive_days_periods'],
  ['donation_drive_days', 'donation_drive_days_periods'],
] as const;

/**
 * The corporate figures' day rows (`tree_drive_days`, `donation_drive_days`, 0032) made again
 * from the trees, donations and drives with the migration's fill: the bulk rows went past the
 * trees repository's and fulfilment's writes.
 */
export async function rebuildOrganiserDriveDays(db: BulkDb): Promise<number> {
  const periods = await hasTable(db, 'tree_organiser_periods');
  // PostgreSQL's period triggers (0039) would follow the fill with a plpgsql upsert per day row
  // and span (~29 s at a million); the periods' own fill below makes them whole, so they wait.
  const aside = db.dialect === 'postgres' && periods ? PERIOD_TRIGGERS : [];
  for (const [table, name] of aside) await db.run(`alter table ${table} disable trigger ${name}`);
  try {
    for (const statement of ORGANISER_DRIVE_DAYS_FILL) await db.run(statement);
  } finally {
    for (const [table, name] of aside) await db.run(`alter table ${table} enable trigger ${name}`);
  }
  // The organisers' months and days (0039), summed again from the day rows in one statement
  // each, as the migration fills them (on SQLite its triggers followed the fill row by row).
  if (periods) for (const statement of ORGANISER_PERIODS_FILL) await db.run(statement);
  const [row] = await db.all<{ n: number | string }>(
    'select (select count(*) from tree_drive_days) + (select count(*) from donation_drive_days) as n',
  );
  return Number(row?.n ?? 0);
}

/**
 * Each drive's count of trees waiting for a verifier (`tree_verification_drives`, 0061) made again
 * from the trees with the migration's fill: the bulk rows went past the trees repository's writes.
 */
export async function rebuildVerificationDrives(db: BulkDb): Promise<number> {
  if (!(await hasTable(db, 'tree_verification_drives'))) return 0;
  for (const statement of VERIFICATION_DRIVES_FILL) await db.run(statement);
  const [row] = await db.all<{ n: number | string }>(
    'select count(*) as n from tree_verification_drives',
  );
  return Number(row?.n ?? 0);
}

/** Adds paid donations to `donation_totals`, as the fulfilment transaction's `addToTotals` does. */
export async function addDonationTotals(
  db: BulkDb,
  totals: Map<string, { amount: number; trees: number; donations: number }>,
): Promise<void> {
  for (const [currency, t] of totals) {
    const existing = await db.all('select currency from donation_totals where currency = ?', [
      currency,
    ]);
    if (existing.length === 0)
      await db.run(
        'insert into donation_totals (currency, amount_minor, trees, donations) values (?, 0, 0, 0)',
        [currency],
      );
    await db.run(
      `update donation_totals set amount_minor = amount_minor + ?, trees = trees + ?,
         donations = donations + ? where currency = ?`,
      [t.amount, t.trees, t.donations, currency],
    );
  }
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /** How long the check took (so the slowest one is plain in the log). */
  seconds?: number;
}

const SCAN_BATCH = 50_000;

/**
 * Every summary the app keeps, made again from its rows and compared with what is stored:
 * `tree_impact_cohorts` (each tree's `cohortShare`), `donation_totals` (paid donations),
 * `receipt_counters`, the trees' latest measurement columns, gift allocation counts, the drives'
 * `drive_organiser_months` and `drive_participants.drive_starts_at`, the drives map's grid
 * `drive_map_cells`, and on
 * SQLite the trigger-kept `trees_geo` and `users_search` (plus foreign keys, which the build
 * does not enforce while inserting); on PostgreSQL the map's and search's indexes exist.
 * Catches a builder, or an app writer, that goes past a summary.
 */
export async function checkConsistency(db: BulkDb): Promise<Check[]> {
  const checks: Check[] = [];
  // Each check is timed from the end of the one before.
  let since = performance.now();
  const done = (check: Check) => {
    checks.push({ ...check, seconds: (performance.now() - since) / 1000 });
    since = performance.now();
  };
  const count = async (text: string) =>
    Number((await db.all<{ n: number | string }>(text))[0]?.n ?? 0);
  const expectZero = async (name: string, text: string) => {
    const n = await count(text);
    done({ name, ok: n === 0, detail: n === 0 ? 'consistent' : `${n} rows differ` });
  };

  // tree_impact_cohorts and tree_care_due from every tree, in one walk of the trees by id.
  const careDue = (await hasTable(db, 'tree_care_due')) ? await careDueChecker(db) : undefined;
  const fromRows: Cohorts = new Map();
  let after = '';
  let trees = 0;
  for (;;) {
    const batch = await db.all<CohortSource & CareDueTree>(
      `select id, species_id, size, planted_at, status, alive_count, last_measured_at,
         last_height_cm, last_diameter_cm, verification_status${careDue?.columns ?? ''}
       from trees where id > ? order by id limit ${SCAN_BATCH}`,
      [after],
    );
    careDue?.compare(batch);
    for (const row of batch) {
      const share = cohortShare({
        ...row,
        species_id: Number(row.species_id),
        alive_count: Number(row.alive_count),
        last_height_cm: row.last_height_cm === null ? null : Number(row.last_height_cm),
        last_diameter_cm: row.last_diameter_cm === null ? null : Number(row.last_diameter_cm),
      });
      if (!share) continue;
      const seen = fromRows.get(keyOf(share));
      if (!seen) fromRows.set(keyOf(share), share);
      else {
        seen.plants += share.plants;
        seen.measured_plants += share.measured_plants;
        seen.measured_co2_mg += share.measured_co2_mg;
      }
    }
    trees += batch.length;
    if (batch.length < SCAN_BATCH) break;
    after = batch.at(-1)!.id;
  }
  const stored = await storedCohorts(db);
  let differ = 0;
  for (const key of new Set([...stored.keys(), ...fromRows.keys()])) {
    const a = stored.get(key);
    const b = fromRows.get(key);
    if (
      (a?.plants ?? 0) !== (b?.plants ?? 0) ||
      (a?.measured_plants ?? 0) !== (b?.measured_plants ?? 0) ||
      (a?.measured_co2_mg ?? 0) !== (b?.measured_co2_mg ?? 0)
    )
      differ++;
  }
  done({
    name: 'tree_impact_cohorts',
    ok: differ === 0,
    detail:
      differ === 0
        ? `${stored.size.toLocaleString('en')} rows equal the ${trees.toLocaleString('en')} trees' shares`
        : `${differ} of ${stored.size} rows differ from the trees' shares`,
  });
  if (careDue) done(await careDue.result());

  if (await hasTable(db, 'tree_impact_partials')) done(await checkPartials(db));

  // donation_totals from paid donations (refunds come off again).
  const totals = await db.all<{
    currency: string;
    amount: number;
    trees: number;
    donations: number;
  }>(
    `select currency, sum(amount_minor) as amount, sum(trees) as trees, count(*) as donations
       from donations where status = 'paid' group by currency`,
  );
  const storedTotals = await db.all<{
    currency: string;
    amount_minor: number;
    trees: number;
    donations: number;
  }>('select currency, amount_minor, trees, donations from donation_totals');
  const totalsDiffer = new Set([
    ...totals.map((t) => t.currency),
    ...storedTotals.map((t) => t.currency),
  ]);
  let totalsBad = 0;
  for (const c of totalsDiffer) {
    const a = totals.find((t) => t.currency === c);
    const b = storedTotals.find((t) => t.currency === c);
    if (
      Number(a?.amount ?? 0) !== Number(b?.amount_minor ?? 0) ||
      Number(a?.trees ?? 0) !== Number(b?.trees ?? 0) ||
      Number(a?.donations ?? 0) !== Number(b?.donations ?? 0)
    )
      totalsBad++;
  }
  done({
    name: 'donation_totals',
    ok: totalsBad === 0,
    detail:
      totalsBad === 0
        ? `${storedTotals.length} currencies equal the paid donations`
        : `${totalsBad} currencies differ`,
  });

  // receipt_counters: each year's counter is its highest receipt number.
  const receipts = await db.all<{ year: string; last: number }>(
    `select substr(receipt_number, 5, 4) as year, max(cast(substr(receipt_number, 10) as integer)) as last
       from donations where receipt_number is not null group by substr(receipt_number, 5, 4)`,
  );
  const counters = await db.all<{ year: number; last: number }>(
    'select year, last from receipt_counters',
  );
  const countersBad = receipts.filter(
    (r) =>
      Number(counters.find((c) => Number(c.year) === Number(r.year))?.last ?? -1) !==
      Number(r.last),
  ).length;
  done({
    name: 'receipt_counters',
    ok: countersBad === 0,
    detail:
      countersBad === 0
        ? `${receipts.length} years equal their last receipt`
        : `${countersBad} years differ`,
  });

  // tree_map_cells: the stored grid and the grid made again from the trees share every row.
  if (await hasTable(db, 'tree_map_cells'))
    await expectZero(
      'tree_map_cells (trees map grid)',
      treeMapGridStatements(db.dialect).differences,
    );

  // drive_map_cells: the drives map's grid (0038, kept by triggers as the bulk drives go in) and
  // the grid made again from the drives share every row.
  if (await hasTable(db, 'drive_map_cells'))
    await expectZero(
      'drive_map_cells (drives map grid)',
      driveMapGridStatements(db.dialect).differences,
    );

  const distinct = db.dialect === 'postgres' ? 'is distinct from' : 'is not';
  await expectZero(
    'trees.last_measured_at (latest measurement)',
    `select count(*) as n from trees t
       where t.last_measured_at ${distinct} (select max(m.measured_at) from tree_measurements m where m.tree_id = t.id)`,
  );
  await expectZero(
    'donations.planted_trees (gift allocations)',
    `select count(*) as n from donations d
       where d.planted_trees <> coalesce((select sum(a.plants) from tree_gift_allocations a where a.donation_id = d.id), 0)`,
  );
  await expectZero(
    'trees.gift_plants (gift allocations)',
    `select count(*) as n from trees t
       where t.gift_plants <> coalesce((select sum(a.plants) from tree_gift_allocations a where a.tree_id = t.id), 0)`,
  );

  // The corporate figures' day rows (0032): per drive and day, the drive's organiser on each.
  if (await hasTable(db, 'tree_drive_days')) {
    const treeDays = `select t.drive_id, substr(t.planted_at, 1, 10) as day, d.organizer_id,
         sum(t.tree_count) as planted,
         sum(case when t.status = 'dead' then 0 else t.alive_count end) as alive
       from trees t join drives d on d.id = t.drive_id
       where t.verification_status <> 'rejected'
       group by t.drive_id, substr(t.planted_at, 1, 10), d.organizer_id`;
    const storedTrees =
      'select drive_id, planted_day, organiser_id, planted, alive from tree_drive_days';
    await expectZero(
      'tree_drive_days (plants and alive per drive, planting day and organiser)',
      `select (select count(*) from (${storedTrees} except ${treeDays}) a)
            + (select count(*) from (${treeDays} except ${storedTrees}) b) as n`,
    );
    const moneyDays = `select n.drive_id, substr(n.paid_at, 1, 10) as day, n.currency,
         d.organizer_id, sum(n.amount_minor) as amount, sum(n.trees) as trees, count(*) as n
       from donations n join drives d on d.id = n.drive_id
       where n.status = 'paid' and n.paid_at is not null
       group by n.drive_id, substr(n.paid_at, 1, 10), n.currency, d.organizer_id`;
    const storedMoney = `select drive_id, paid_day, currency, organiser_id, amount_minor, trees,
         donations from donation_drive_days`;
    await expectZero(
      'donation_drive_days (paid donations per drive, payment day, currency and organiser)',
      `select (select count(*) from (${storedMoney} except ${moneyDays}) a)
            + (select count(*) from (${moneyDays} except ${storedMoney}) b) as n`,
    );
  }

  // The trees waiting for a verifier per drive (0061), from the trees themselves.
  if (await hasTable(db, 'tree_verification_drives')) {
    const waiting = `select t.drive_id, d.organizer_id, count(*) as waiting
       from trees t join drives d on d.id = t.drive_id
       where t.verification_status = 'unverified' and t.last_photo_at is not null
       group by t.drive_id, d.organizer_id`;
    const stored = 'select drive_id, organiser_id, waiting from tree_verification_drives';
    await expectZero(
      'tree_verification_drives (trees waiting for a verifier per drive and organiser)',
      `select (select count(*) from (${stored} except ${waiting}) a)
            + (select count(*) from (${waiting} except ${stored}) b) as n`,
    );
  }

  // The organisers' months and days (0039), from the trees and donations themselves.
  if (await hasTable(db, 'tree_organiser_periods')) {
    for (const [span, length] of [
      ['month', 7],
      ['day', 10],
    ] as const) {
      const treePeriods = `select d.organizer_id, substr(t.planted_at, 1, ${length}) as period,
           sum(t.tree_count) as planted,
           sum(case when t.status = 'dead' then 0 else t.alive_count end) as alive
         from trees t join drives d on d.id = t.drive_id
         where t.verification_status <> 'rejected'
         group by d.organizer_id, substr(t.planted_at, 1, ${length})`;
      const storedTrees = `select organiser_id, period, planted, alive from tree_organiser_periods
         where span = '${span}'`;
      await expectZero(
        `tree_organiser_periods (plants and alive per organiser and ${span})`,
        `select (select count(*) from (${storedTrees} except ${treePeriods}) a)
              + (select count(*) from (${treePeriods} except ${storedTrees}) b) as n`,
      );
      const moneyPeriods = `select d.organizer_id, substr(n.paid_at, 1, ${length}) as period,
           n.currency, sum(n.amount_minor) as amount, sum(n.trees) as trees, count(*) as n
         from donations n join drives d on d.id = n.drive_id
         where n.status = 'paid' and n.paid_at is not null
         group by d.organizer_id, substr(n.paid_at, 1, ${length}), n.currency`;
      const storedMoney = `select organiser_id, period, currency, amount_minor, trees, donations
         from donation_organiser_periods where span = '${span}'`;
      await expectZero(
        `donation_organiser_periods (paid donations per organiser, ${span} and currency)`,
        `select (select count(*) from (${storedMoney} except ${moneyPeriods}) a)
              + (select count(*) from (${moneyPeriods} except ${storedMoney}) b) as n`,
      );
    }
  }

  // Each member's tree records (0045), kept by triggers on trees as the bulk rows go in.
  if (await hasTable(db, 'tree_owner_counts')) {
    const counted = 'select owner_id, count(*) as records from trees group by owner_id';
    const stored = 'select owner_id, records from tree_owner_counts';
    await expectZero(
      'tree_owner_counts (tree records per member)',
      `select (select count(*) from (${stored} except ${counted}) a)
            + (select count(*) from (${counted} except ${stored}) b) as n`,
    );
  }

  // Each member's drive totals (0069), kept by triggers (a row of zeros counts as none).
  if (await hasTable(db, 'drive_member_totals')) {
    const columns = DRIVE_MEMBER_TOTAL_COLUMNS;
    const nonZero = (rows: string) => `select * from (${rows}) t
      where ${columns.map((c) => `${c} <> 0`).join(' or ')}`;
    const counted = nonZero(MEMBER_TOTALS_FROM_ROWS);
    const stored = nonZero(`select user_id, ${columns.join(', ')} from drive_member_totals`);
    await expectZero(
      'drive_member_totals (drives organised and joined, attended minutes per member)',
      `select (select count(*) from (${stored} except ${counted}) a)
            + (select count(*) from (${counted} except ${stored}) b) as n`,
    );
  }

  // Each member's open replanting tasks (0067), kept by triggers on trees.
  if (await hasTable(db, 'tree_replanting_counts')) {
    const stored = 'select owner_id, open from tree_replanting_counts';
    await expectZero(
      'tree_replanting_counts (open replanting tasks per member)',
      `select (select count(*) from (${stored} except ${OPEN_BY_OWNER}) a)
            + (select count(*) from (${OPEN_BY_OWNER} except ${stored}) b) as n`,
    );
  }

  // Plants per day of last check and verified (0049, issue 21 §3), kept by triggers on trees.
  if (await hasTable(db, 'tree_check_days')) {
    const counted = `select coalesce(substr(last_checked_at, 1, 10), '') as checked_day,
         case when verification_status = 'verified' then 1 else 0 end as verified,
         sum(tree_count) as planted, sum(case when status = 'dead' then 0 else alive_count end) as alive
       from trees where verification_status <> 'rejected'
       group by coalesce(substr(last_checked_at, 1, 10), ''),
         case when verification_status = 'verified' then 1 else 0 end`;
    // A key left with no plants keeps a row of zeros (0049's triggers only update on the way down).
    const stored = `select checked_day, verified, planted, alive from tree_check_days
       where planted <> 0 or alive <> 0`;
    await expectZero(
      'tree_check_days (plants by day of last check)',
      `select (select count(*) from (${stored} except ${counted}) a)
            + (select count(*) from (${counted} except ${stored}) b) as n`,
    );
  }

  // What each member gave (0044), kept by triggers on donations as the bulk rows go in.
  if (await hasTable(db, 'donation_donor_totals')) {
    const given = `select donor_id, currency, sum(amount_minor) as amount_minor, sum(trees) as trees,
         count(*) as donations from donations where status = 'paid' group by donor_id, currency`;
    const stored =
      'select donor_id, currency, amount_minor, trees, donations from donation_donor_totals';
    await expectZero(
      'donation_donor_totals (what each member gave per currency)',
      `select (select count(*) from (${stored} except ${given}) a)
            + (select count(*) from (${given} except ${stored}) b) as n`,
    );
  }

  // The drives module's summaries (0031), kept by triggers as the bulk rows go in.
  if (await hasTable(db, 'drive_organiser_months')) {
    const organiserMonths = `select d.organizer_id, substr(d.starts_at, 1, 7) as month, count(*) as drives,
         coalesce(sum(p.n), 0) as participants,
         sum(d.duration_hours * (1 + coalesce(p.n, 0))) as hours
       from drives d
       left join (select drive_id, count(*) as n from drive_participants group by drive_id) p
         on p.drive_id = d.id
       group by d.organizer_id, substr(d.starts_at, 1, 7)`;
    const stored =
      'select organizer_id, month, drives, participants, hours from drive_organiser_months';
    await expectZero(
      'drive_organiser_months (drives, sign-ups and volunteer hours per organiser and month)',
      `select (select count(*) from (${stored} except ${organiserMonths}) a)
            + (select count(*) from (${organiserMonths} except ${stored}) b) as n`,
    );
    if (await hasTable(db, 'drive_community_months')) {
      const communityMonths = `select month, sum(drives) as drives, sum(participants) as participants,
           sum(hours) as hours from (${organiserMonths}) m group by month`;
      const storedCommunity =
        'select month, drives, participants, hours from drive_community_months';
      await expectZero(
        "drive_community_months (the community's drives, sign-ups and volunteer hours per month)",
        `select (select count(*) from (${storedCommunity} except ${communityMonths}) a)
              + (select count(*) from (${communityMonths} except ${storedCommunity}) b) as n`,
      );
      const countries = 'select country, count(*) as drives from drives group by country';
      const storedCountries = 'select country, drives from drive_countries';
      await expectZero(
        'drive_countries (drives per country)',
        `select (select count(*) from (${storedCountries} except ${countries}) a)
              + (select count(*) from (${countries} except ${storedCountries}) b) as n`,
      );
    }
    if (await hasColumn(db, 'drives', 'participants_count'))
      await expectZero(
        'drives.participants_count (members who joined)',
        `select count(*) as n from drives d where d.participants_count <>
           (select count(*) from drive_participants p where p.drive_id = d.id)`,
      );
    if (await hasTable(db, 'drive_attended_months')) {
      await expectZero(
        'drives.attendance_minutes and organiser_attended (the attendance rows)',
        `select count(*) as n from drives d where d.attendance_minutes <>
           (select coalesce(sum(a.minutes), 0) from drive_attendance a where a.drive_id = d.id)
           or d.organiser_attended <> case when exists (select 1 from drive_attendance a
             where a.drive_id = d.id and a.person_id = d.organizer_id) then 1 else 0 end`,
      );
      const attended = `select * from (select organizer_id, substr(starts_at, 1, 7) as month,
           sum(attendance_minutes + case when organiser_attended = 0
             then duration_hours * 60 else 0 end) as minutes
         from drives group by organizer_id, substr(starts_at, 1, 7)) x where minutes <> 0`;
      const storedAttended =
        'select organizer_id, month, minutes from drive_attended_months where minutes <> 0';
      await expectZero(
        'drive_attended_months (attended minutes per organiser and month)',
        `select (select count(*) from (${storedAttended} except ${attended}) a)
              + (select count(*) from (${attended} except ${storedAttended}) b) as n`,
      );
      const community = `select * from (select month, sum(minutes) as minutes from (${attended}) m
           group by month) x where minutes <> 0`;
      const storedCommunity =
        'select month, minutes from drive_community_attended_months where minutes <> 0';
      await expectZero(
        "drive_community_attended_months (the community's attended minutes per month)",
        `select (select count(*) from (${storedCommunity} except ${community}) a)
              + (select count(*) from (${community} except ${storedCommunity}) b) as n`,
      );
    }
    await expectZero(
      "drive_participants.drive_starts_at (the drive's start)",
      `select count(*) as n from drive_participants p join drives d on d.id = p.drive_id
         where p.drive_starts_at is null or p.drive_starts_at <> d.starts_at`,
    );
  }

  if (db.dialect === 'sqlite') {
    // The R*Tree cannot be joined cheaply (1M lookups by an auxiliary column), so per row status
    // its count and sums of species, plants and plants alive (0041's marker fields) and newest
    // creation are compared with the located trees'.
    const geoSums = async (from: string) =>
      JSON.stringify(
        await db.all(
          `select status, count(*) as n, sum(species_id) as species, sum(tree_count) as plants,
             sum(alive_count) as alive, max(created_at) as newest from ${from}
           group by status order by status`,
        ),
      );
    // 0048's triggers keep rejected trees off the map.
    const located = await geoSums(
      `trees where lat is not null and lng is not null and verification_status <> 'rejected'`,
    );
    const indexed = await geoSums('trees_geo');
    // Its structure too (the build writes its shadow tables whole: trees-geo.ts).
    const [{ r: structure }] = (await db.all<{ r: string }>(
      `select rtreecheck('trees_geo') as r`,
    )) as [{ r: string }];
    done({
      name: 'trees_geo (R*Tree kept by triggers)',
      ok: located === indexed && structure === 'ok',
      detail:
        located === indexed && structure === 'ok'
          ? 'counts, species, plants, alive and newest by status equal the located trees; rtreecheck ok'
          : `trees ${located} vs index ${indexed}; rtreecheck: ${structure.slice(0, 200)}`,
    });
    const users = await count('select count(*) as n from users');
    await expectZero(
      'users_search (FTS5 kept by triggers)',
      `select ${Math.abs(users - (await count('select count(*) as n from users_search')))} + count(*) as n
         from users_search s left join users u on u.id = s.user_id
         where u.id is null or u.username <> s.username`,
    );
    for (const table of BULK_TABLES)
      await expectZero(
        `foreign keys of ${table}`,
        `select count(*) as n from pragma_foreign_key_check('${table}')`,
      );
  } else {
    const indexes = await db.all<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = current_schema()
         and indexname in ('trees_geo_gist', 'users_username_trgm', 'users_name_trgm')`,
    );
    done({
      name: 'map and people-search indexes',
      ok: indexes.length === 3,
      detail: `${indexes.length} of 3 present`,
    });
  }
  return checks;
}

type CareDueTree = {
  id: string;
  status: string;
  owner_id: string;
  planted_at: string;
  created_at: string;
  last_measured_at: string | null;
  last_checked_at: string | null;
  /** The tree's stored rows, one line each (`line`) joined by ';' in rule order, or null. */
  care_due: string | null;
};

/**
 * `tree_care_due` (0027) against every tree by the trees repository's own `careDueRowsOf` (its
 * rules, from the tree and its care log's latest dates): each tree's stored rows are among its
 * rules, field for field, and every rule still open now is stored (one that closed since it was
 * written waits for the daily prune); a dead tree has none; and no row is left over (the rows
 * seen through the trees are all the table holds). The rows come with the cohort check's walk of
 * the trees, each tree's joined into one text in SQL (a million values to read, not four).
 */
async function careDueChecker(db: BulkDb) {
  const now = new Date().toISOString();
  const lastChecked = await hasColumn(db, 'trees', 'last_checked_at');
  const done = new Map<string, Partial<Record<string, string>>>();
  for (const r of await db.all<{ tree_id: string; action: string; last: string }>(
    `select tree_id, action, max(done_at) as last from tree_care_log
      where action in ('watered', 'weeded', 'mulched') group by tree_id, action`,
  )) {
    const seen = done.get(r.tree_id);
    if (seen) seen[r.action] = r.last;
    else done.set(r.tree_id, { [r.action]: r.last });
  }
  const line = (r: {
    rule: number;
    owner_id: string;
    task: string;
    due_at: string;
    closes_at: string;
    last_done_at?: string | null;
  }) => `${r.rule}|${r.owner_id}|${r.task}|${r.due_at}|${r.closes_at}|${r.last_done_at ?? ''}`;
  const fields = `d.rule || '|' || d.owner_id || '|' || d.task || '|' || d.due_at || '|' ||
    d.closes_at || '|' || coalesce(d.last_done_at, '')`;
  const joined =
    db.dialect === 'postgres'
      ? `(select string_agg(${fields}, ';' order by d.rule) from tree_care_due d
           where d.tree_id = trees.id)`
      : `(select group_concat(l, ';') from (select ${fields} as l from tree_care_due d
           where d.tree_id = trees.id order by d.rule))`;
  let rows = 0;
  let differ = 0;
  return {
    /** What the trees' walk selects for this check. */
    columns: `, owner_id, created_at, ${lastChecked ? 'last_checked_at' : 'null as last_checked_at'},
      ${joined} as care_due`,
    compare(trees: readonly CareDueTree[]) {
      for (const tree of trees) {
        const stored = tree.care_due ? tree.care_due.split(';') : [];
        rows += stored.length;
        if (tree.status === 'dead') {
          differ += stored.length;
          continue;
        }
        const actions = done.get(tree.id);
        const rules = careDueRowsOf({
          ...tree,
          last_watered: actions?.watered ?? null,
          last_weeded: actions?.weeded ?? null,
          last_mulched: actions?.mulched ?? null,
        }).map((rule) => ({ open: rule.closes_at > now, line: line(rule) }));
        for (const row of stored) if (!rules.some((rule) => rule.line === row)) differ++;
        for (const rule of rules) if (rule.open && !stored.includes(rule.line)) differ++;
      }
    },
    async result(): Promise<Check> {
      const [total] = await db.all<{ n: number | string }>(
        'select count(*) as n from tree_care_due',
      );
      const leftOver = Number(total?.n ?? 0) - rows;
      const ok = differ === 0 && leftOver === 0;
      return {
        name: "tree_care_due (each living tree's care rules, by the repository's rules)",
        ok,
        detail: ok
          ? `${rows.toLocaleString('en')} rows equal the trees' open rules`
          : `${differ} rows differ from the trees' rules, ${leftOver} rows of no tree`,
      };
    },
  };
}

/**
 * 0026: the figure's partials (per species, size and planting year) hold what the cohort rows
 * say they counted, and no counted row differs from its current counts without being marked dirty.
 */
async function checkPartials(db: BulkDb): Promise<Check> {
  type Sums = { species_id: number; size: string; year: string; p: number; mp: number; mg: number };
  const key = (r: Sums) => `${r.species_id}|${r.size}|${r.year}`;
  const counted = await db.all<Sums>(
    `select species_id, size, substr(planted_day, 1, 4) as year, sum(counted_plants) as p,
       sum(counted_measured_plants) as mp, sum(counted_measured_co2_mg) as mg
       from tree_impact_cohorts group by species_id, size, substr(planted_day, 1, 4)`,
  );
  const partials = await db.all<Sums>(
    `select species_id, size, planted_year as year, plants as p, measured_plants as mp,
       measured_co2_mg as mg from tree_impact_partials`,
  );
  const a = new Map(counted.filter((r) => Number(r.p) || Number(r.mp)).map((r) => [key(r), r]));
  const b = new Map(partials.filter((r) => Number(r.p) || Number(r.mp)).map((r) => [key(r), r]));
  let differ = 0;
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(k);
    const y = b.get(k);
    if (
      Number(x?.p ?? 0) !== Number(y?.p ?? 0) ||
      Number(x?.mp ?? 0) !== Number(y?.mp ?? 0) ||
      Number(x?.mg ?? 0) !== Number(y?.mg ?? 0)
    )
      differ++;
  }
  const [{ n: unmarked }] = (await db.all<{ n: number }>(
    `select count(*) as n from tree_impact_cohorts where dirty = 0 and (counted_plants <> plants
       or counted_measured_plants <> measured_plants or counted_measured_co2_mg <> measured_co2_mg)`,
  )) as [{ n: number }];
  const [{ n: dirty }] = (await db.all<{ n: number }>(
    'select count(*) as n from tree_impact_cohorts where dirty = 1',
  )) as [{ n: number }];
  const ok = differ === 0 && Number(unmarked) === 0;
  return {
    name: 'tree_impact_partials (impact figures job)',
    ok,
    detail: ok
      ? `${b.size} partials equal their counted rows; ${Number(dirty)} rows changed since`
      : `${differ} partials differ from their rows, ${Number(unmarked)} changed rows not marked`,
  };
}
