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
import { makeDonations } from './seed/donations';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, createPeople } from './seed/people';
import { DAY_MS } from './seed/random';
import { supplySaplings } from './seed/nursery';
import { formTeams } from './seed/teams';
import { plantTrees } from './seed/trees';

/**
 * `npm run seed:demo`: a believable community on a fresh database, so every screen can be seen
 * alive. Everything goes through the app's services on a clock the seed moves through three and a
 * half years: accounts with initials avatars, drives in six countries at local daytime hours with
 * drawn landscapes, trees with their measurements and care, deaths and replanting, donations paid
 * through the real fulfilment path, and the notifications all of that sends.
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
  const trees = await plantTrees(seeder, people, drives, delivered);
  const donations = await makeDonations(seeder, people, drives);
  const teamMembers = await formTeams(seeder, people);
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
        `${c.donations} donations (${c.paid} paid), ${c.teamMembers} team members, ` +
        `${c.stockLines} nursery stock lines and ${c.reservations} sapling reservations on ${database.dialect} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.log(
      `Demo accounts: asha@${DEMO_EMAIL_DOMAIN} (individual), greenleaf@${DEMO_EMAIL_DOMAIN} (corporate), ` +
        `sahyadri@${DEMO_EMAIL_DOMAIN} (nursery); password "${DEMO_PASSWORD}".`,
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
