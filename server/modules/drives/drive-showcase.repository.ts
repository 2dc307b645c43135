import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

const SHOWCASE_COLUMNS = [
  'id',
  'name',
  'starts_at',
  'time_zone',
  'country',
  'location_text',
  'image_file_id',
  'tree_quantity',
  'participants_count',
] as const;

/** The landing page's drives: ranges of the (starts_at, id) index with a limit, both ways. */
export function driveShowcaseRepository(db: Kysely<Database>) {
  return {
    /** The next drives to start from `now`, soonest first. */
    upcoming: (now: string, limit: number) =>
      db
        .selectFrom('drives')
        .select(SHOWCASE_COLUMNS)
        .where('starts_at', '>=', now)
        .orderBy('starts_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
    /** The drives that started before `now`, the latest first. */
    recent: (now: string, limit: number) =>
      db
        .selectFrom('drives')
        .select(SHOWCASE_COLUMNS)
        .where('starts_at', '<', now)
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
  };
}
