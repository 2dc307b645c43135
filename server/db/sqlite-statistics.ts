import { sql, type Kysely } from 'kysely';

/**
 * SQLite has an index's statistics (sqlite_stat1) only from an ANALYZE. A migration that remakes
 * an index on an analysed database leaves it bare, and the planner then takes the bare index as
 * the most selective on its columns: after 0064 remade trees_owner_idx, a member's forest page,
 * replanting list and dashboard sorted all 6,400 of their trees instead of reading an ordered or
 * partial index (issue 20, docs/decisions/sqlite-index-statistics.md). So after migrating, each
 * bare index of a table that has statistics is analysed (once: it then has its row). A database
 * never analysed is left as it is. Answers the indexes analysed.
 */
export async function analyseBareIndexes(db: Kysely<unknown>): Promise<string[]> {
  const analysed = await sql<{ n: number }>`select count(*) as n from sqlite_master
    where type = 'table' and name = 'sqlite_stat1'`.execute(db);
  if (Number(analysed.rows[0]?.n ?? 0) === 0) return [];
  const { rows } = await sql<{ name: string }>`select m.name from sqlite_master m
    where m.type = 'index' and m.sql is not null
      and not exists (select 1 from sqlite_stat1 s where s.idx = m.name)
      and exists (select 1 from sqlite_stat1 s where s.tbl = m.tbl_name and s.idx is not null)
    order by m.name`.execute(db);
  for (const { name } of rows) await sql`analyze ${sql.id(name)}`.execute(db);
  return rows.map((r) => r.name);
}
