import { countryLabel } from '../../../contract/countries';
import { fileUrl } from '../../../contract/files';
import { SHOWCASE_DRIVES, type ShowcaseDrive } from '../../../contract/landing';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { readCache } from '../../lib/cache';
import type { Clock } from '../../lib/clock';
import { driveShowcaseRepository } from './drive-showcase.repository';

/** The landing page may show a new drive up to this late; a flood of visitors costs one read. */
const SHOWCASE_TTL_MS = 30_000;

/**
 * The drives the public landing page shows (issue 23): the next SHOWCASE_DRIVES to start, topped
 * up with the latest past ones when fewer are coming. What a visitor may see of a drive (its
 * name, place, date, picture and counts), never its organiser or who joined. Two index ranges
 * with a limit, cached for SHOWCASE_TTL_MS.
 */
export function driveShowcase({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  const repo = driveShowcaseRepository(db);
  const cache = readCache<ShowcaseDrive[]>({
    max: 1,
    ttlMs: SHOWCASE_TTL_MS,
    clock,
    tables: 'ttl',
  });

  async function load(): Promise<ShowcaseDrive[]> {
    const now = clock.now();
    const nowIso = now.toISOString();
    const upcoming = await repo.upcoming(nowIso, SHOWCASE_DRIVES);
    const recent =
      upcoming.length < SHOWCASE_DRIVES
        ? await repo.recent(nowIso, SHOWCASE_DRIVES - upcoming.length)
        : [];
    return [...upcoming, ...recent].map((r) => ({
      id: r.id,
      name: r.name,
      place: r.location_text,
      country: countryLabel(r.country) ?? r.country,
      countryCode: r.country ?? '',
      startsAt: r.starts_at,
      timeZone: r.time_zone,
      image: r.image_file_id ? fileUrl(r.image_file_id) : '',
      treeQuantity: r.tree_quantity,
      participantCount: Number(r.participants_count),
      isPast: Date.parse(r.starts_at) < now.getTime(),
    }));
  }

  return {
    /** GET /api/drives/newest. */
    showcaseDrives: (): Promise<ShowcaseDrive[]> => cache.get('newest', load),
  };
}
export type DriveShowcase = ReturnType<typeof driveShowcase>;
