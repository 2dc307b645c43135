import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { driveMapGridStatements } from '../../modules/drives/drive-map-grid';

/**
 * 0038 (drives module, issue 20): the drives map's grid, `drive_map_cells`
 * (docs/decisions/drives-map-clusters.md). Per zoom level 0–13 (cells of 90/2^level degrees from
 * -180, -90), per country ('' for any) and month of the start (YYYY-MM, UTC), the cell's drives
 * and summed place in 1e-7 degrees (integers, so moves add and take away exactly). Triggers move
 * a drive's share inside the statement that writes it (so in its transaction, whoever writes:
 * the repository, account deletion's cascade, seeds, test factories); existing drives are summed
 * here. The primary key is the map's read: one level and country, a range of rows, the columns
 * and months checked in the index. `drives_place_idx` (lat, lng) finds the drives themselves in a small box.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const big = sql.raw(postgres ? 'bigint' : 'integer');
  await sql`create table drive_map_cells (
      level integer not null,
      country text not null,
      month text not null,
      cy integer not null,
      cx integer not null,
      drives integer not null,
      lat_e7 ${big} not null,
      lng_e7 ${big} not null,
      constraint drive_map_cells_pkey primary key (level, country, cy, cx, month)
    )`.execute(db);
  await db.schema.createIndex('drives_place_idx').on('drives').columns(['lat', 'lng']).execute();
  const statements = driveMapGridStatements(postgres ? 'postgres' : 'sqlite');
  for (const statement of [...statements.triggers, ...statements.rebuild])
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of driveMapGridStatements(postgres ? 'postgres' : 'sqlite').drop)
    await sql.raw(statement).execute(db);
  await db.schema.dropIndex('drives_place_idx').execute();
  await db.schema.dropTable('drive_map_cells').execute();
}
