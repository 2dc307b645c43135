import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0048 (trees module, issue 21 §2): a tree's verification, as columns of `trees`
 * (docs/decisions/tree-verification.md):
 * - `verification_status` unverified | verified | rejected (unverified by default), who decided
 *   (`verified_by`, a member; null once they are gone), when (`verified_at`), a rejection's
 *   reason (`verification_reason`), and how far the latest photo's GPS was from the tree's
 *   registered point (`photo_distance_m`; the photo's coordinates are never kept);
 * - `last_photo_at`: when the latest photo of the tree (its own or a measurement's) was added,
 *   for the 12-month rule and the queue (only trees with a photo wait for a verifier).
 * - The verifiers' queue: partial indexes of the trees waiting (unverified, with a photo), by
 *   drive and by sapling reservation, in registration order, so a queue reads drive by drive.
 * - A rejected tree leaves the trees map: SQLite's `trees_geo` (0041) triggers keep it out of the
 *   R*Tree; PostgreSQL's `trees_geo_gist` becomes partial on it (readers name the same predicate).
 */
const STATUSES = ['unverified', 'verified', 'rejected'];
const REASONS = ['not_a_tree', 'photo_unclear', 'wrong_place', 'duplicate', 'dead'];
const list = (values: string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const FIELDS = 'tree_id, species_id, status, lat, lng, tree_count, alive_count, created_at';
const fieldsOf = (row: string) =>
  `${row}.id, ${row}.species_id, ${row}.status, ${row}.lat, ${row}.lng, ${row}.tree_count, ${row}.alive_count, ${row}.created_at`;
const GEO_TRIGGERS = ['trees_geo_insert', 'trees_geo_delete', 'trees_geo_update'];

/** 0041's R*Tree triggers, leaving rejected trees out when `verified` is set. */
async function sqliteGeoTriggers(db: Kysely<unknown>, verified: boolean): Promise<void> {
  for (const trigger of GEO_TRIGGERS) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  const kept = (row: string) => (verified ? ` and ${row}.verification_status <> 'rejected'` : '');
  const add = sql.raw(`insert into trees_geo (min_lat, max_lat, min_lng, max_lng, ${FIELDS})
      select new.lat, new.lat, new.lng, new.lng, ${fieldsOf('new')}`);
  const remove = sql.raw(`delete from trees_geo
      where min_lat <= old.lat and max_lat >= old.lat and min_lng <= old.lng and max_lng >= old.lng
        and tree_id = old.id`);
  await sql`create trigger trees_geo_insert after insert on trees
    when new.lat is not null and new.lng is not null${sql.raw(kept('new'))}
    begin ${add}; end`.execute(db);
  await sql`create trigger trees_geo_delete after delete on trees
    when old.lat is not null and old.lng is not null
    begin ${remove}; end`.execute(db);
  await sql`create trigger trees_geo_update after update of id, lat, lng, species_id, status,
      tree_count, alive_count, created_at${sql.raw(verified ? ', verification_status' : '')} on trees
    begin
      ${remove} and old.lat is not null and old.lng is not null;
      ${add} where new.lat is not null and new.lng is not null${sql.raw(kept('new'))};
    end`.execute(db);
}

async function postgresGeoIndex(db: Kysely<unknown>, verified: boolean): Promise<void> {
  await sql`drop index trees_geo_gist`.execute(db);
  await sql`create index trees_geo_gist on trees using gist (point(lng, lat))
    include (id, lat, lng, species_id, tree_count, alive_count, status, created_at)
    where lat is not null and lng is not null${sql.raw(
      verified ? ` and verification_status <> 'rejected'` : '',
    )}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('trees')
    .addColumn('verification_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('unverified')
        .check(sql`verification_status in (${list(STATUSES)})`),
    )
    .execute();
  await db.schema
    .alterTable('trees')
    .addColumn('verified_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('trees').addColumn('verified_at', 'text').execute();
  await db.schema
    .alterTable('trees')
    .addColumn('verification_reason', 'text', (c) =>
      c.check(sql`verification_reason is null or verification_reason in (${list(REASONS)})`),
    )
    .execute();
  await db.schema.alterTable('trees').addColumn('photo_distance_m', 'double precision').execute();
  await db.schema.alterTable('trees').addColumn('last_photo_at', 'text').execute();

  // The latest photo of each tree: its own (added with it, or later: its file's time) or a
  // measurement's.
  await sql`update trees set last_photo_at = (select f.created_at from files f
      where f.id = trees.photo_file_id)
    where photo_file_id is not null`.execute(db);
  await sql`update trees set last_photo_at = m.latest
    from (select tree_id, max(created_at) as latest from tree_measurements
      where photo_file_id is not null group by tree_id) m
    where m.tree_id = trees.id and (trees.last_photo_at is null or trees.last_photo_at < m.latest)`.execute(
    db,
  );

  // The queue: trees waiting for a verifier, by drive and by reservation, oldest first.
  await sql`create index trees_verification_drive_idx on trees (drive_id, created_at, id)
    where verification_status = 'unverified' and last_photo_at is not null
      and drive_id is not null`.execute(db);
  await sql`create index trees_verification_reservation_idx
    on trees (reservation_id, created_at, id)
    where verification_status = 'unverified' and last_photo_at is not null
      and reservation_id is not null`.execute(db);

  if (postgres) await postgresGeoIndex(db, true);
  else await sqliteGeoTriggers(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) await postgresGeoIndex(db, false);
  else {
    await sqliteGeoTriggers(db, false);
    // Rejected trees come back to the R*Tree with their triggers.
    await sql
      .raw(
        `insert into trees_geo (min_lat, max_lat, min_lng, max_lng, ${FIELDS})
      select trees.lat, trees.lat, trees.lng, trees.lng, ${fieldsOf('trees')} from trees
      where lat is not null and lng is not null and verification_status = 'rejected'`,
      )
      .execute(db);
  }
  await sql`drop index trees_verification_drive_idx`.execute(db);
  await sql`drop index trees_verification_reservation_idx`.execute(db);
  for (const column of [
    'last_photo_at',
    'photo_distance_m',
    'verification_reason',
    'verified_at',
    'verified_by',
    'verification_status',
  ])
    await db.schema.alterTable('trees').dropColumn(column).execute();
}
