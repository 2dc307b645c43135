import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * 0041 (trees module, issue 20): the trees map's spatial index carries what a marker shows, so a
 * street-zoom answer reads the index alone instead of each tree's row after it
 * (docs/decisions/tree-map-spatial-index.md).
 * - SQLite: `trees_geo` (0022) made again with the marker's fields as auxiliary columns (the exact
 *   place, plants, plants alive, and `created_at` for the newest-first order) beside its id,
 *   species and row status; its triggers also follow changes of those fields.
 * - PostgreSQL: the GiST index on `point(lng, lat)` INCLUDEs the same columns (an index-only scan
 *   where the pages are all-visible).
 */
const FIELDS = 'tree_id, species_id, status, lat, lng, tree_count, alive_count, created_at';
const fieldsOf = (row: string) =>
  `${row}.id, ${row}.species_id, ${row}.status, ${row}.lat, ${row}.lng, ${row}.tree_count, ${row}.alive_count, ${row}.created_at`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index trees_geo_gist`.execute(db);
    await sql`create index trees_geo_gist on trees using gist (point(lng, lat))
      include (id, lat, lng, species_id, tree_count, alive_count, status, created_at)
      where lat is not null and lng is not null`.execute(db);
    return;
  }
  for (const trigger of ['trees_geo_insert', 'trees_geo_delete', 'trees_geo_update'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table trees_geo`.execute(db);
  await sql`create virtual table trees_geo using rtree(
    id, min_lat, max_lat, min_lng, max_lng, +tree_id text, +species_id integer, +status text,
    +lat real, +lng real, +tree_count integer, +alive_count integer, +created_at text)`.execute(db);
  const add = (row: 'new' | 'trees') =>
    sql.raw(`insert into trees_geo (min_lat, max_lat, min_lng, max_lng, ${FIELDS})
      select ${row}.lat, ${row}.lat, ${row}.lng, ${row}.lng, ${fieldsOf(row)}`);
  const remove = sql.raw(`delete from trees_geo
      where min_lat <= old.lat and max_lat >= old.lat and min_lng <= old.lng and max_lng >= old.lng
        and tree_id = old.id`);
  await sql`create trigger trees_geo_insert after insert on trees
    when new.lat is not null and new.lng is not null
    begin ${add('new')}; end`.execute(db);
  await sql`create trigger trees_geo_delete after delete on trees
    when old.lat is not null and old.lng is not null
    begin ${remove}; end`.execute(db);
  await sql`create trigger trees_geo_update after update of id, lat, lng, species_id, status,
      tree_count, alive_count, created_at on trees
    begin
      ${remove} and old.lat is not null and old.lng is not null;
      ${add('new')} where new.lat is not null and new.lng is not null;
    end`.execute(db);
  await sql`${add('trees')} from trees where lat is not null and lng is not null`.execute(db);
}

/** Back to 0022's index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index trees_geo_gist`.execute(db);
    await sql`create index trees_geo_gist on trees using gist (point(lng, lat))
      where lat is not null and lng is not null`.execute(db);
    return;
  }
  for (const trigger of ['trees_geo_insert', 'trees_geo_delete', 'trees_geo_update'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table trees_geo`.execute(db);
  const treeMapIndex = await import('./0022-tree-map-index');
  await treeMapIndex.up(db);
}
