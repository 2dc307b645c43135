import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';

// One schema for SQLite and PostgreSQL: text ids and timestamps, integer/real numbers, JSON as text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('profile_type', 'text', (c) =>
      c.notNull().check(sqlIn('profile_type', ['individual', 'corporate', 'nursery'])),
    )
    .addColumn('verified_at', 'text')
    .addColumn('avatar_file_id', 'text')
    .addColumn('bio', 'text')
    .addColumn('location', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('drives')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organizer_id', 'text', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tree_quantity', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('duration_hours', 'integer', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('location_text', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tree_sizes', 'text', (c) => c.notNull())
    .addColumn('tree_types', 'text', (c) => c.notNull())
    .addColumn('sponsors', 'text', (c) => c.notNull())
    .addColumn('land_donors', 'text', (c) => c.notNull())
    .addColumn('image_file_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drives_starts_at_idx')
    .on('drives')
    .columns(['starts_at', 'id'])
    .execute();
  await db.schema.createIndex('drives_organizer_idx').on('drives').column('organizer_id').execute();

  await db.schema
    .createTable('drive_participants')
    .addColumn('drive_id', 'text', (c) => c.notNull().references('drives.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('drive_participants_pk', ['drive_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('drive_participants_user_idx')
    .on('drive_participants')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('trees')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('drive_id', 'text', (c) => c.references('drives.id').onDelete('set null'))
    .addColumn('species_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull().check(sqlIn('size', ['packet', 'potted'])))
    .addColumn('planted_at', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('nickname', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sqlIn('status', ['alive', 'needs_care', 'dead'])),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
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

  await db.schema
    .createTable('donations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('donor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('drive_id', 'text', (c) => c.references('drives.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', ['cash', 'tree'])))
    .addColumn('amount_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('trees', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sqlIn('status', ['pending', 'succeeded', 'failed', 'cancelled'])),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('donations_donor_idx')
    .on('donations')
    .columns(['donor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('donations_status_idx')
    .on('donations')
    .columns(['status', 'kind'])
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'newsletter_subscribers',
    'donations',
    'trees',
    'drive_participants',
    'drives',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

function sqlIn(column: string, values: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
