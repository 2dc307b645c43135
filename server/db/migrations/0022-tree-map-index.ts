import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 20, the map: the trees map answers by bounding box from a spatial index
 * (docs/decisions/tree-map-spatial-index.md), owned by the trees module.
 * - SQLite: `trees_geo`, an R*Tree of every tree with coordinates (a point: min = max), with the
 *   tree's id, species and row status as auxiliary columns so the map never reads `trees` to
 *   filter or count. Triggers keep it in step with `trees` inside the writing statement (so in
 *   its transaction); a tree's entry is found by its point and id, never by a rowid (VACUUM may
 *   renumber the rowids of a table without an INTEGER PRIMARY KEY).
 * - PostgreSQL: a GiST index on the expression `point(lng, lat)` (core PostgreSQL, no PostGIS);
 *   the map asks `point(lng, lat) <@ box(…)`.
 * Existing trees are indexed here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index trees_geo_gist on trees using gist (point(lng, lat))
      where lat is not null and lng is not null`.execute(db);
    return;
  }
  await sql`create virtual table trees_geo using rtree(
    id, min_lat, max_lat, min_lng, max_lng, +tree_id text, +species_id integer, +status text)`.execute(
    db,
  );
  const add = (row: 'new' | 'trees') =>
    sql.raw(`insert into trees_geo (min_lat, max_lat, min_lng, max_lng, tree_id, species_id, status)
      select ${row}.lat, ${row}.lat, ${row}.lng, ${row}.lng, ${row}.id, ${row}.species_id, ${row}.status`);
  const remove = sql.raw(`delete from trees_geo
      where min_lat <= old.lat and max_lat >= old.lat and min_lng <= old.lng and max_lng >= old.lng
        and tree_id = old.id`);
  await sql`create trigger trees_geo_insert after insert on trees
    when new.lat is not null and new.lng is not null
    begin ${add('new')}; end`.execute(db);
  await sql`create trigger trees_geo_delete after delete on trees
    when old.lat is not null and old.lng is not null
    begin ${remove}; end`.execute(db);
  await sql`create trigger trees_geo_update after update of id, lat, lng, species_id, status on trees
    begin
      ${remove} and old.lat is not null and old.lng is not null;
      ${add('new')} where new.lat is not null and new.lng is not null;
    end`.execute(db);
  await sql`${add('trees')} from trees where lat is not null and lng is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index trees_geo_gist`.execute(db);
    return;
  }
  for (const trigger of ['trees_geo_insert', 'trees_geo_delete', 'trees_geo_update'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  await sql`drop table trees_geo`.execute(db);
}
