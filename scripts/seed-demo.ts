import type { Config } from '../server/config';
import { loadConfig } from '../server/config';
import {
  migrateToLatest,
  openDatabase,
  sqliteFileIn,
  type DatabaseHandle,
} from '../server/db/database';
import { resolveSessionSecret } from '../server/lib/secrets';
import type { FileStore } from '../server/modules/files/file-store';
import { createSeeder, type Seeder } from './seed/context';
import { createDrives } from './seed/drives';
import { planDonations } from './seed/donations';
import { postDriveUpdates } from './seed/drive-updates';
import { shareForests } from './seed/forests';
import { planGifts } from './seed/gifts';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, createPeople } from './seed/people';
import { DAY_MS } from './seed/random';
import { supplySaplings } from './seed/nursery';
import { formTeams } from './seed/teams';
import { writeTestimonials } from './seed/testimonials';
import { timeline } from './seed/timeline';
import { verifyDemoTrees } from './seed/verifications';
import { plantTrees } from './seed/trees';

/**
 * `npm run seed:demo`: a believable community on a fresh database, so every screen can be seen
 * alive. Everything goes through the app's services on a clock the seed moves through three and a
 * half years: accounts with initials avatars, drives in six countries at local daytime hours with
 * drawn landscapes, trees with their measurements and care, deaths and replanting, donations paid
 * through the real fulfilment path (some given to someone, and claimed), field updates with photos,
 * public forests, and the notifications all of that sends.
 */
export { DEMO_PASSWORD };

export interface SeedCounts {
  users: number;
  drives: number;
  participants: number;
  trees: number;
  measurements: number;
  care: number;
  dead: number;
  replanted: number;
  teamMembers: number;
  stockLines: number;
  reservations: number;
  donations: number;
  paid: number;
  /** Recipients of gifts of trees, and how many of them claimed. */
  gifts: number;
  claimedGifts: number;
  driveUpdates: number;
  updatePhotos: number;
  /** `/forest/{handle}` paths of the public forests. */
  publicForests: string[];
  /** Members' testimonials shown on the home page (issue 23). */
  testimonials: number;
}

export async function seed(input: {
  config: Config;
  database: DatabaseHandle;
  fileStore?: FileStore;
  now?: number;
}): Promise<SeedCounts> {
  const db = input.database.db;
  const existing = await db.selectFrom('users').select('id').limit(1).execute();
  if (existing.length > 0)
    throw new Error(
      'the database already has accounts; seed:demo only fills a fresh database (use an empty DATA_DIR or DATABASE_URL)',
    );
  const seeder = createSeeder(input);
  try {
    return await seedWith(seeder, db);
  } finally {
    await seeder.close();
  }
}

async function seedWith(seeder: Seeder, db: DatabaseHandle['db']): Promise<SeedCounts> {
  const people = await createPeople(seeder);
  const drives = await createDrives(seeder, people);
  const { delivered, ...nursery } = await supplySaplings(seeder, people, drives);
  // Gifts are paid before their drive's trees are registered, which allocates them (issue 19 §1).
  const steps = timeline();
  const donations = planDonations(seeder, people, drives, steps);
  const gifts = planGifts(seeder, people, drives, steps, donations);
  const trees = await plantTrees(seeder, people, drives, delivered, steps);
  await steps.finish();
  // Organisers vouch for their drives' trees from the photos (issue 21 §2).
  await verifyDemoTrees(seeder, people, drives, db);
  const teamMembers = await formTeams(seeder, people);
  const updates = await postDriveUpdates(seeder, people, drives);
  const publicForests = await shareForests(seeder, people);
  // Members who chose to show their words on the home page (issue 23).
  const testimonials = await writeTestimonials(seeder, people);
  // The one-off allocation backfill (a schedule in the app) finds nothing left and records it.
  await seeder.at(seeder.now, () => seeder.ctx.trees.backfillAllocations());
  // Care that is due today becomes the reminders a member would find this morning.
  await seeder.at(seeder.now, () => seeder.ctx.trees.sendCareReminders());
  // Members have read what is more than a couple of weeks old.
  await db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.ref('created_at') }))
    .where('created_at', '<', new Date(seeder.now - 14 * DAY_MS).toISOString())
    .execute();
  if (seeder.errors.length > 0)
    throw new Error(`seed:demo: a service reported an error: ${seeder.errors[0]}`);
  return {
    users: people.size,
    drives: drives.length,
    participants: drives.reduce((n, d) => n + d.participants.length, 0),
    ...trees,
    ...donations,
    gifts: gifts.gifts,
    claimedGifts: gifts.claimed,
    ...updates,
    publicForests,
    testimonials,
    ...nursery,
    teamMembers,
  };
}

async function main() {
  let config = loadConfig();
  config = { ...config, sessionSecret: resolveSessionSecret(config.dataDir, config.sessionSecret) };
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileIn(config.dataDir),
  });
  const started = Date.now();
  try {
    await migrateToLatest(database);
    const c = await seed({ config, database });
    console.log(
      `Seeded ${c.users} accounts, ${c.drives} drives (${c.participants} participations), ${c.trees} trees ` +
        `(${c.measurements} measurements, ${c.care} care entries, ${c.dead} died, ${c.replanted} replanted) and ` +
        `${c.donations} donations (${c.paid} paid; ${c.gifts} gifts to someone, ${c.claimedGifts} claimed), ` +
        `${c.driveUpdates} field updates (${c.updatePhotos} photos), ${c.teamMembers} team members, ` +
        `${c.stockLines} nursery stock lines and ${c.reservations} sapling reservations on ${database.dialect} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.log(
      `Demo accounts: asha@${DEMO_EMAIL_DOMAIN} (individual), greenleaf@${DEMO_EMAIL_DOMAIN} (corporate), ` +
        `sahyadri@${DEMO_EMAIL_DOMAIN} (nursery); password "${DEMO_PASSWORD}". Public forests: ${c.publicForests.join(', ')}.`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(
      `canopy seed:demo: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
    process.exit(1);
  });
}
