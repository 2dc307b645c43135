import { PostgresAdapter, sql, type Expression, type Kysely, type SqlBool } from 'kysely';

const SIZES = ['packet', 'potted'];
const STATUSES = ['alive', 'needs_care', 'dead'];
const CARE_ACTIONS = ['watered', 'mulched', 'weeded', 'pruned', 'fertilised', 'protected'];

/**
 * Trees become a module: the `trees` table of 0001 is rebuilt with the registration form's fields
 * (count and alive count, location, photo as a foreign key to `files`, the tree it replaces, the
 * reported health, the latest measurement), rows that exist are copied. Measurements, the care
 * log, reminder opt-ins and the claims that keep every reminder and notice to once get tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // Built under another name, filled from the old table, then put in its place.
  await db.schema
    .createTable('trees_next')
    .addColumn('id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trees_next_pkey', ['id'])
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('drive_id', 'text', (c) => c.references('drives.id').onDelete('set null'))
    // Renaming the table renames this reference with it (SQLite and PostgreSQL alike).
    .addColumn('replaces_tree_id', 'text', (c) =>
      c.references('trees_next.id').onDelete('set null'),
    )
    .addColumn('species_id', 'integer', (c) => c.notNull())
    .addColumn('tree_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('alive_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('size', 'text', (c) => c.notNull().check(sqlIn('size', SIZES)))
    .addColumn('planted_at', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('location_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nickname', 'text')
    .addColumn('photo_file_id', 'text', (c) => c.references('files.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('alive').check(sqlIn('status', STATUSES)),
    )
    .addColumn('cause', 'text')
    .addColumn('status_changed_at', 'text')
    .addColumn('last_measured_at', 'text')
    .addColumn('last_height_cm', 'double precision')
    .addColumn('last_diameter_cm', 'double precision')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'trees_counts_check',
      sql<SqlBool>`tree_count >= 1 and alive_count >= 0 and alive_count <= tree_count`,
    )
    .execute();
  await sql`insert into trees_next (id, owner_id, drive_id, species_id, tree_count, alive_count,
      size, planted_at, lat, lng, location_text, nickname, status, created_at)
    select id, owner_id, drive_id, species_id, 1,
      case when status = 'dead' then 0 else 1 end,
      size, planted_at, lat, lng, '', nickname, status, created_at
    from trees`.execute(db);
  await db.schema.dropTable('trees').execute();
  await db.schema.alterTable('trees_next').renameTo('trees').execute();
  if (postgres)
    await sql`alter table trees rename constraint trees_next_pkey to trees_pkey`.execute(db);

  // My trees newest first; the map newest first by species; the drive's trees; file references.
  await db.schema
    .createIndex('trees_owner_idx')
    .on('trees')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('trees_created_idx')
    .on('trees')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('trees_species_idx')
    .on('trees')
    .columns(['species_id', 'created_at'])
    .execute();
  await db.schema.createIndex('trees_drive_idx').on('trees').column('drive_id').execute();
  await db.schema
    .createIndex('trees_photo_file_id_idx')
    .on('trees')
    .column('photo_file_id')
    .execute();
  // A dead tree is replaced at most once: that closes its replanting task.
  await db.schema
    .createIndex('trees_replaces_idx')
    .on('trees')
    .column('replaces_tree_id')
    .unique()
    .execute();

  await db.schema
    .createTable('tree_measurements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tree_id', 'text', (c) => c.notNull().references('trees.id').onDelete('cascade'))
    .addColumn('measured_at', 'text', (c) => c.notNull())
    .addColumn('height_cm', 'double precision', (c) => c.notNull())
    .addColumn('diameter_cm', 'double precision', (c) => c.notNull())
    .addColumn('alive_count', 'integer')
    .addColumn('photo_file_id', 'text', (c) => c.references('files.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tree_measurements_tree_idx')
    .on('tree_measurements')
    .columns(['tree_id', 'measured_at'])
    .execute();
  await db.schema
    .createIndex('tree_measurements_photo_file_id_idx')
    .on('tree_measurements')
    .column('photo_file_id')
    .execute();

  await db.schema
    .createTable('tree_care_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tree_id', 'text', (c) => c.notNull().references('trees.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull().check(sqlIn('action', CARE_ACTIONS)))
    .addColumn('note', 'text')
    .addColumn('done_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tree_care_log_tree_idx')
    .on('tree_care_log')
    .columns(['tree_id', 'action', 'done_at'])
    .execute();

  // Opt-ins: one row per member who chose something (no row = no digest).
  await db.schema
    .createTable('tree_care_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('weekly_digest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // "Once": a care task, a weekly digest, a drive's daily death notice is claimed by inserting its key.
  await db.schema
    .createTable('tree_notice_claims')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tree_notice_claims_user_idx')
    .on('tree_notice_claims')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('tree_notice_claims_created_idx')
    .on('tree_notice_claims')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'tree_notice_claims',
    'tree_care_settings',
    'tree_care_log',
    'tree_measurements',
  ])
    await db.schema.dropTable(table).execute();
  for (const index of [
    'trees_replaces_idx',
    'trees_photo_file_id_idx',
    'trees_drive_idx',
    'trees_species_idx',
    'trees_created_idx',
    'trees_owner_idx',
  ])
    await db.schema.dropIndex(index).execute();
  // The 0001 shape, with what it can hold.
  await db.schema
    .createTable('trees_prev')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('drive_id', 'text', (c) => c.references('drives.id').onDelete('set null'))
    .addColumn('species_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull().check(sqlIn('size', SIZES)))
    .addColumn('planted_at', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('nickname', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', STATUSES)))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into trees_prev select id, owner_id, drive_id, species_id, size, planted_at,
    lat, lng, nickname, status, created_at from trees`.execute(db);
  await db.schema.dropTable('trees').execute();
  await db.schema.alterTable('trees_prev').renameTo('trees').execute();
  await db.schema
    .createIndex('trees_owner_idx')
    .on('trees')
    .columns(['owner_id', 'planted_at'])
    .execute();
  await db.schema
    .createIndex('trees_species_idx')
    .on('trees')
    .columns(['species_id', 'planted_at'])
    .execute();
}

function sqlIn(column: string, values: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
