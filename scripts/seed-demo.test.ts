import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forestQuerySchema } from '../contract/forest';
import { buildConfig } from '../server/config';
import type { DatabaseHandle } from '../server/db/database';
import { createTestDatabase, databaseTargets } from '../tests/support/test-database';
import { seed, type SeedCounts } from './seed-demo';
import { createSeeder } from './seed/context';
import { timeZoneAt } from '../server/lib/time-zone';
import { localHour } from './seed/local-time';
import { isLocalDaytime } from './seed/tree-growth';

const config = buildConfig({
  webDistDir: '/nonexistent-canopy-web',
  sessionSecret: 'seed-test-secret-'.padEnd(40, 'x'),
});
const YEAR_MS = 365.25 * 86_400_000;

// One seeded database per dialect, read by every check (seeding takes seconds, not milliseconds).
describe.each(databaseTargets)('seed:demo on $name', (target) => {
  let database: DatabaseHandle;
  let counts: SeedCounts;
  beforeAll(async () => {
    database = await createTestDatabase(target);
    counts = await seed({ config, database });
  }, 120_000);
  afterAll(async () => database?.close());

  it('creates all three account types, past and upcoming drives, trees and donations', async () => {
    expect(counts.users).toBeGreaterThanOrEqual(12);
    expect(counts.trees).toBeGreaterThan(50);
    const types = await database.db.selectFrom('users').select('profile_type').distinct().execute();
    expect(types.map((t) => t.profile_type).sort()).toEqual(['corporate', 'individual', 'nursery']);
    const drives = await database.db
      .selectFrom('drives')
      .select(['starts_at', 'country'])
      .execute();
    const now = new Date().toISOString();
    expect(drives.filter((d) => d.starts_at > now).length).toBeGreaterThanOrEqual(3);
    expect(drives.filter((d) => d.starts_at < now).length).toBeGreaterThanOrEqual(3);
    expect(new Set(drives.map((d) => d.country)).size).toBeGreaterThanOrEqual(5);
  });

  it('gives every drive and every member an image whose bytes are stored', async () => {
    const db = database.db;
    const users = await db.selectFrom('users').select(['username', 'avatar_file_id']).execute();
    const drives = await db.selectFrom('drives').select(['name', 'image_file_id']).execute();
    const ids = [...users.map((u) => u.avatar_file_id), ...drives.map((d) => d.image_file_id)];
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    const stored = await db
      .selectFrom('files')
      .innerJoin('file_blobs', 'file_blobs.file_id', 'files.id')
      .select(['files.id', 'files.mime', 'files.width'])
      .where('files.id', 'in', ids as string[])
      .execute();
    // Every picture is different (ids are content hashes) and is a real WebP with pixels.
    expect(new Set(stored.map((f) => f.id)).size).toBe(ids.length);
    expect(stored.every((f) => f.mime === 'image/webp' && f.width > 0)).toBe(true);
    const photos = await db
      .selectFrom('trees')
      .where('photo_file_id', 'is not', null)
      .select('id')
      .execute();
    expect(photos.length).toBeGreaterThan(5);
  });

  it('gives the older trees at least three years of measurements that grow', async () => {
    const db = database.db;
    const spans = await db
      .selectFrom('tree_measurements')
      .innerJoin('trees', 'trees.id', 'tree_measurements.tree_id')
      .select((eb) => [
        'trees.id',
        'trees.planted_at',
        'trees.last_measured_at',
        eb.fn.min('tree_measurements.measured_at').as('first'),
        eb.fn.max('tree_measurements.measured_at').as('last'),
        eb.fn.count<number>('tree_measurements.id').as('n'),
      ])
      .groupBy(['trees.id', 'trees.planted_at', 'trees.last_measured_at'])
      .execute();
    const threeYears = spans.filter(
      (s) => Date.parse(String(s.last)) - Date.parse(String(s.first)) >= 3 * YEAR_MS,
    );
    expect(threeYears.length).toBeGreaterThanOrEqual(10);
    expect(threeYears.every((s) => Number(s.n) >= 6)).toBe(true);
    // The tree row carries its latest reading, as the measurement service keeps it.
    expect(spans.every((s) => s.last_measured_at === String(s.last))).toBe(true);

    const oldest = threeYears[0]!;
    const series = await db
      .selectFrom('tree_measurements')
      .where('tree_id', '=', oldest.id)
      .orderBy('measured_at')
      .select(['height_cm'])
      .execute();
    expect(series[series.length - 1]!.height_cm).toBeGreaterThan(series[0]!.height_cm);

    const care = await db.selectFrom('tree_care_log').select('action').distinct().execute();
    expect(care.map((c) => c.action).sort()).toEqual(
      ['fertilised', 'mulched', 'protected', 'pruned', 'watered', 'weeded'].sort(),
    );
    const dead = await db.selectFrom('trees').where('status', '=', 'dead').select('id').execute();
    const replanted = await db
      .selectFrom('trees')
      .where('replaces_tree_id', 'is not', null)
      .select('id')
      .execute();
    expect(dead.length).toBeGreaterThan(0);
    expect(replanted.length).toBeGreaterThan(0);
  });

  it('starts every drive in local daytime in its own zone, and plants its trees during it', async () => {
    const drives = await database.db
      .selectFrom('drives')
      .select(['id', 'starts_at', 'lat', 'lng', 'time_zone'])
      .execute();
    for (const drive of drives) {
      // The drives service stored the zone of the drive's point (migration 0009).
      const zone = timeZoneAt(drive.lat, drive.lng);
      expect(drive.time_zone).toBe(zone);
      const hour = localHour(Date.parse(drive.starts_at), zone);
      expect((hour >= 7 && hour <= 10) || (hour >= 16 && hour <= 17.5)).toBe(true);
    }
    const trees = await database.db
      .selectFrom('trees')
      .innerJoin('drives', 'drives.id', 'trees.drive_id')
      .select(['trees.planted_at', 'drives.lat', 'drives.lng'])
      .execute();
    expect(trees.length).toBeGreaterThan(0);
    for (const tree of trees)
      expect(isLocalDaytime(Date.parse(tree.planted_at), timeZoneAt(tree.lat, tree.lng))).toBe(
        true,
      );
  });

  it('records donations through fulfilment: receipts for paid ones, a refund and a decline', async () => {
    const rows = await database.db
      .selectFrom('donations')
      .select(['status', 'receipt_number', 'paid_at'])
      .execute();
    const paid = rows.filter((d) => d.status === 'paid');
    expect(paid.length).toBe(counts.paid);
    expect(paid.every((d) => /^CAN-\d{4}-\d{6}$/.test(d.receipt_number ?? '') && d.paid_at)).toBe(
      true,
    );
    expect(rows.some((d) => d.status === 'refunded')).toBe(true);
    expect(rows.some((d) => d.status === 'failed')).toBe(true);
    expect(rows.some((d) => d.status === 'pending')).toBe(true);
    const notices = await database.db
      .selectFrom('notifications')
      .select('kind')
      .distinct()
      .execute();
    expect(notices.map((n) => n.kind)).toEqual(
      expect.arrayContaining(['drive_joined', 'donation_paid', 'donation_received', 'tree_died']),
    );
  });

  it('forms corporate teams through invites, leaving one invite open', async () => {
    expect(counts.teamMembers).toBeGreaterThanOrEqual(3);
    const members = await database.db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select(['users.profile_type', 'team_members.role'])
      .execute();
    expect(members.filter((m) => m.profile_type === 'individual').length).toBe(counts.teamMembers);
    const open = await database.db
      .selectFrom('team_invites')
      .where('accepted_at', 'is', null)
      .select('id')
      .execute();
    expect(open.length).toBe(1);
  });

  it('stocks the nurseries and follows their saplings from reservation to trees and gifts', async () => {
    const db = database.db;
    const nurseries = await db
      .selectFrom('users')
      .leftJoin('nursery_stock', 'nursery_stock.nursery_id', 'users.id')
      .where('users.profile_type', '=', 'nursery')
      .select((eb) => ['users.username', eb.fn.count<number>('nursery_stock.id').as('lines')])
      .groupBy('users.username')
      .execute();
    expect(nurseries.every((n) => Number(n.lines) > 0)).toBe(true);
    const delivered = await db
      .selectFrom('sapling_reservations')
      .where('status', '=', 'delivered')
      .select('id')
      .execute();
    expect(delivered.length).toBeGreaterThan(0);
    const fromNursery = await db
      .selectFrom('trees')
      .where(
        'reservation_id',
        'in',
        delivered.map((d) => d.id),
      )
      .select('id')
      .execute();
    expect(fromNursery.length).toBeGreaterThan(0);
  });

  it('dates nothing in the future but the upcoming drives themselves', async () => {
    const db = database.db;
    const soon = new Date(Date.now() + 60_000).toISOString();
    const future = await Promise.all([
      db.selectFrom('users').where('created_at', '>', soon).select('id').execute(),
      db.selectFrom('drives').where('created_at', '>', soon).select('id').execute(),
      db.selectFrom('drive_participants').where('joined_at', '>', soon).select('user_id').execute(),
      db.selectFrom('trees').where('planted_at', '>', soon).select('id').execute(),
      db.selectFrom('tree_measurements').where('measured_at', '>', soon).select('id').execute(),
      db.selectFrom('tree_care_log').where('done_at', '>', soon).select('id').execute(),
      db.selectFrom('donations').where('created_at', '>', soon).select('id').execute(),
      db.selectFrom('notifications').where('created_at', '>', soon).select('id').execute(),
      db.selectFrom('sapling_reservations').where('created_at', '>', soon).select('id').execute(),
    ]);
    expect(future.map((rows) => rows.length)).toEqual(future.map(() => 0));
    // A tree is registered after it went into the ground, never before.
    const early = await db
      .selectFrom('trees')
      .whereRef('created_at', '<', 'planted_at')
      .select('id')
      .execute();
    expect(early).toEqual([]);
    const waiting = await db
      .selectFrom('sapling_reservations')
      .where('status', '=', 'requested')
      .select('id')
      .execute();
    expect(waiting.length).toBeGreaterThan(0);
  });

  it('posts field updates with photos to most past drives, after each drive, and tells people', async () => {
    const db = database.db;
    const updates = await db
      .selectFrom('drive_updates')
      .innerJoin('drives', 'drives.id', 'drive_updates.drive_id')
      .select([
        'drive_updates.id',
        'drive_updates.drive_id',
        'drive_updates.author_role',
        'drive_updates.created_at',
        'drive_updates.notices_sent_at',
        'drives.starts_at',
      ])
      .execute();
    expect(updates.length).toBe(counts.driveUpdates);
    const past = await db
      .selectFrom('drives')
      .where('starts_at', '<', new Date(Date.now() - 2 * 86_400_000).toISOString())
      .select('id')
      .execute();
    expect(new Set(updates.map((u) => u.drive_id)).size).toBeGreaterThanOrEqual(past.length / 2);
    expect(updates.every((u) => u.created_at > u.starts_at && u.notices_sent_at)).toBe(true);
    expect(new Set(updates.map((u) => u.author_role))).toEqual(new Set(['organiser', 'nursery']));
    const photos = await db
      .selectFrom('drive_update_photos')
      .innerJoin('file_blobs', 'file_blobs.file_id', 'drive_update_photos.file_id')
      .select('drive_update_photos.update_id')
      .execute();
    expect(photos.length).toBe(counts.updatePhotos);
    expect(new Set(photos.map((p) => p.update_id)).size).toBeGreaterThanOrEqual(10);
    const told = await db
      .selectFrom('notifications')
      .where('kind', '=', 'drive_update')
      .select('id')
      .execute();
    expect(told.length).toBeGreaterThan(counts.driveUpdates);
  });

  it('gives trees to someone: claimed and unclaimed gifts, a later send day, a corporate batch', async () => {
    const gifts = await database.db
      .selectFrom('donation_gifts')
      .innerJoin('donations', 'donations.id', 'donation_gifts.donation_id')
      .select([
        'donation_gifts.donation_id',
        'donation_gifts.claimed_by',
        'donation_gifts.sent_at',
        'donation_gifts.send_on',
        'donations.status',
      ])
      .execute();
    expect(gifts.length).toBe(counts.gifts);
    expect(gifts.every((g) => g.status === 'paid')).toBe(true);
    const claimed = gifts.filter((g) => g.claimed_by);
    expect(claimed.length).toBe(counts.claimedGifts);
    expect(claimed.length).toBeGreaterThanOrEqual(5);
    // Sent and not claimed; and one waiting for its day, not sent yet.
    expect(gifts.some((g) => !g.claimed_by && g.sent_at)).toBe(true);
    const later = gifts.filter((g) => g.send_on && !g.sent_at);
    expect(later.length).toBe(1);
    const perDonation = new Map<string, number>();
    for (const g of gifts)
      perDonation.set(g.donation_id, (perDonation.get(g.donation_id) ?? 0) + 1);
    const batch = [...perDonation].find(([, n]) => n >= 10)?.[0];
    expect(batch).toBeDefined();
    expect(claimed.filter((g) => g.donation_id === batch).length).toBeGreaterThanOrEqual(3);
  });

  it("shows asha's forest with planted gifts and field updates, and answers its public page", async () => {
    const services = createSeeder({ config, database }).ctx;
    const asha = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'asha')
      .executeTakeFirstOrThrow();
    const forest = await services.forest.forest(asha.id, forestQuerySchema.parse({}));
    expect(forest.gifts.some((g) => g.status === 'planted')).toBe(true);
    expect(forest.summary.planted).toBeGreaterThan(0);
    expect(forest.updates.some((u) => u.photos.length > 0)).toBe(true);
    expect(counts.publicForests).toContain('/forest/asha');
    expect(counts.publicForests.length).toBeGreaterThanOrEqual(3);
    for (const path of counts.publicForests) {
      const shown = await services.forest.publicForest(decodeURIComponent(path.split('/').pop()!));
      expect(shown.summary.planted + shown.summary.funded).toBeGreaterThan(0);
    }
    // Every paid tree gift to a drive whose trees are registered is allocated.
    const allocations = await database.db
      .selectFrom('tree_gift_allocations')
      .select('donation_id')
      .distinct()
      .execute();
    expect(allocations.length).toBeGreaterThanOrEqual(10);
    const backfill = await database.db
      .selectFrom('gift_allocation_backfill')
      .select('finished_at')
      .executeTakeFirst();
    expect(backfill?.finished_at).toBeTruthy();
  });

  it("shows members' own testimonials on the home page, newest first (issue 23)", async () => {
    expect(counts.testimonials).toBeGreaterThanOrEqual(3);
    const shown = await database.db
      .selectFrom('testimonials')
      .select(['quote', 'updated_at'])
      .where('shown', '=', 1)
      .orderBy('updated_at', 'desc')
      .execute();
    expect(shown.length).toBe(counts.testimonials);
    expect(
      shown.every((t) => t.quote.length <= 280 && t.updated_at < new Date().toISOString()),
    ).toBe(true);
  });

  it('refuses to touch a database that already has accounts', async () => {
    await expect(seed({ config, database })).rejects.toThrow(/only fills a fresh database/);
  });
});
