import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';

const SIZES = ['packet', 'potted'];
const RESERVATION_STATUSES = ['requested', 'confirmed', 'declined', 'delivered', 'cancelled'];

/**
 * Partner nurseries: their sapling stock, drive organisers' reservations of it, and the links of
 * the chain of custody — the reservation a tree donation is allocated to (donations module) and
 * the reservation a registered tree came from (trees module).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nursery_stock')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nursery_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('species_id', 'integer', (c) =>
      c.notNull().check(sql<SqlBool>`species_id between 1 and 70`),
    )
    .addColumn('size', 'text', (c) => c.notNull().check(sqlIn('size', SIZES)))
    .addColumn('quantity_available', 'integer', (c) =>
      c.notNull().check(sql<SqlBool>`quantity_available >= 0`),
    )
    .addColumn('price_minor', 'integer', (c) => c.notNull().check(sql<SqlBool>`price_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('pickup_lat', 'double precision', (c) => c.notNull())
    .addColumn('pickup_lng', 'double precision', (c) => c.notNull())
    .addColumn('pickup_location_text', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    // Stock that reservations name is hidden rather than deleted, so their record keeps it.
    .addColumn('removed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('nursery_stock_nursery_idx')
    .on('nursery_stock')
    .columns(['nursery_id', 'created_at'])
    .execute();
  // The finder's bounding box starts from latitude; species narrows it further.
  await db.schema
    .createIndex('nursery_stock_lat_idx')
    .on('nursery_stock')
    .columns(['pickup_lat', 'pickup_lng'])
    .execute();
  await db.schema
    .createIndex('nursery_stock_species_idx')
    .on('nursery_stock')
    .columns(['species_id', 'pickup_lat'])
    .execute();

  await db.schema
    .createTable('sapling_reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Only closed (declined or cancelled) reservations remain when a drive may be deleted.
    .addColumn('drive_id', 'text', (c) => c.notNull().references('drives.id').onDelete('cascade'))
    .addColumn('stock_id', 'text', (c) => c.notNull().references('nursery_stock.id'))
    .addColumn('nursery_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('organiser_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql<SqlBool>`quantity > 0`))
    // The sapling price when reserved: what the drive's tree donations are charged.
    .addColumn('unit_price_minor', 'integer', (c) =>
      c.notNull().check(sql<SqlBool>`unit_price_minor >= 0`),
    )
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sqlIn('status', RESERVATION_STATUSES)))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema
    .createIndex('sapling_reservations_drive_idx')
    .on('sapling_reservations')
    .columns(['drive_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sapling_reservations_nursery_idx')
    .on('sapling_reservations')
    .columns(['nursery_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sapling_reservations_stock_idx')
    .on('sapling_reservations')
    .column('stock_id')
    .execute();
  await db.schema
    .createIndex('sapling_reservations_organiser_idx')
    .on('sapling_reservations')
    .column('organiser_id')
    .execute();

  // The chain's links, written by their own modules.
  await db.schema
    .alterTable('donations')
    .addColumn('reservation_id', 'text', (c) =>
      c.references('sapling_reservations.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('donations_reservation_idx')
    .on('donations')
    .column('reservation_id')
    .execute();
  await db.schema
    .alterTable('trees')
    .addColumn('reservation_id', 'text', (c) =>
      c.references('sapling_reservations.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('trees_reservation_idx')
    .on('trees')
    .column('reservation_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trees_reservation_idx').execute();
  await db.schema.alterTable('trees').dropColumn('reservation_id').execute();
  await db.schema.dropIndex('donations_reservation_idx').execute();
  await db.schema.alterTable('donations').dropColumn('reservation_id').execute();
  await db.schema.dropTable('sapling_reservations').execute();
  await db.schema.dropTable('nursery_stock').execute();
}

function sqlIn(column: string, values: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
