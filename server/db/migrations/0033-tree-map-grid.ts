import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { treeMapRepository } from '../../modules/trees/tree-map.repository';
import type { Database } from '../tables';

/**
 * 0033 (trees module, issue 20): the trees map's grid, `tree_map_cells`
 * (docs/decisions/tree-map-grid.md). Per zoom level 0–15 (cells of 90/2^level degrees from
 * -180, -90), per species (0: any) and row status ('*': any), the cell's tree records, plants and
 * summed place in 1e-7 degrees (integers, so moves add and take away exactly). The trees
 * repository moves a tree's share in the transaction that writes it; existing trees are summed
 * here. The primary key is the map's read: one level, species and status, a range of rows and
 * columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const big = sql.raw(postgres ? 'bigint' : 'integer');
  await sql`create table tree_map_cells (
      level integer not null,
      species_id integer not null,
      status text not null,
      cy ${big} not null,
      cx ${big} not null,
      records integer not null,
      plants ${big} not null,
      lat_e7 ${big} not null,
      lng_e7 ${big} not null,
      primary key (level, species_id, status, cy, cx)
    )${sql.raw(postgres ? '' : ' without rowid')}`.execute(db);
  await treeMapRepository(db as unknown as Kysely<Database>).rebuildGrid({ verification: false });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tree_map_cells`.execute(db);
}
