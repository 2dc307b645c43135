import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/tables';

/** The database as a whole (no table of its own): reachable, and how big. */
export function metricsRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    /** True when a trivial query answers. */
    async ping(): Promise<boolean> {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },

    /** The database's size on disk in bytes (SQLite: pages in use and free; PostgreSQL: pg_database_size). */
    async sizeBytes(): Promise<number> {
      const { rows } =
        dialect === 'postgres'
          ? await sql<{
              bytes: number;
            }>`select pg_database_size(current_database()) as bytes`.execute(db)
          : await sql<{ bytes: number }>`select page_count * page_size as bytes
              from pragma_page_count(), pragma_page_size()`.execute(db);
      return Number(rows[0]?.bytes ?? 0);
    },
  };
}
