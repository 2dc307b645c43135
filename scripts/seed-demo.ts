import type { Kysely } from 'kysely';
import { TREE_SPECIES } from '../contract/options';
import { loadConfig } from '../server/config';
import { migrateToLatest, openDatabase, sqliteFileIn } from '../server/db/database';
import type { Database, NewDonation, NewDrive, NewTree, NewUser } from '../server/db/tables';
import { newId } from '../server/lib/ids';
import { hashPassword } from '../server/lib/passwords';

/** `npm run seed:demo`: believable demo data for a fresh database, so every screen can be seen alive. */
export const DEMO_PASSWORD = 'plant-a-tree-2026';

// A small deterministic generator: the same demo every time.
function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const PEOPLE: Array<[string, string, NewUser['profile_type'], string, string]> = [
  [
    'asha',
    'Asha Menon',
    'individual',
    'Kochi, India',
    'Weekend gardener. I talk to my mango saplings.',
  ],
  ['rahul', 'Rahul Verma', 'individual', 'Pune, India', 'Cyclist and neem enthusiast.'],
  [
    'wanjiru',
    'Wanjiru Kamau',
    'individual',
    'Nairobi, Kenya',
    'Following in the footsteps of the Green Belt Movement.',
  ],
  ['lucia', 'Lucía Fernández', 'individual', 'Seville, Spain', 'Olive groves and city shade.'],
  [
    'tom',
    'Tom Becker',
    'individual',
    'Leeds, United Kingdom',
    'Hedgerows, oaks and volunteering on Saturdays.',
  ],
  ['priya', 'Priya Nair', 'individual', 'Bengaluru, India', 'Lake restoration volunteer.'],
  [
    'greenleaf',
    'Greenleaf Industries',
    'corporate',
    'Mumbai, India',
    'Our sustainability team plants with employees every quarter.',
  ],
  [
    'terra',
    'Terra Logistics',
    'corporate',
    'Nairobi, Kenya',
    'Offsetting our fleet, one drive at a time.',
  ],
  [
    'brightbank',
    'BrightBank Foundation',
    'corporate',
    'London, United Kingdom',
    'Urban greening grants and employee volunteering.',
  ],
  [
    'sahyadri',
    'Sahyadri Saplings Nursery',
    'nursery',
    'Nashik, India',
    'Native saplings raised without chemical fertilisers.',
  ],
  [
    'rift',
    'Rift Valley Seedlings',
    'nursery',
    'Nakuru, Kenya',
    'Indigenous seedlings for schools and farms.',
  ],
  ['verde', 'Vivero Verde', 'nursery', 'Córdoba, Spain', 'Mediterranean trees for dry summers.'],
];

const DRIVES: Array<{
  name: string;
  /** ISO 3166-1 alpha-2, as the drive form stores it. */
  country: string;
  place: string;
  lat: number;
  lng: number;
  offsetDays: number;
  trees: number;
  hours: number;
  by: string;
  text: string;
}> = [
  {
    name: 'Monsoon Mangrove Day',
    country: 'IN',
    place: 'Mahim Creek, Mumbai',
    lat: 19.0426,
    lng: 72.8402,
    offsetDays: -120,
    trees: 400,
    hours: 4,
    by: 'greenleaf',
    text: 'Planting mangrove propagules along the creek with local fisherfolk.',
  },
  {
    name: 'School Shade Project',
    country: 'IN',
    place: 'Hadapsar, Pune',
    lat: 18.5089,
    lng: 73.926,
    offsetDays: -60,
    trees: 120,
    hours: 3,
    by: 'greenleaf',
    text: 'Neem and jamun saplings for three municipal school playgrounds.',
  },
  {
    name: 'Karura Forest Restoration',
    country: 'KE',
    place: 'Karura Forest, Nairobi',
    lat: -1.2375,
    lng: 36.8336,
    offsetDays: -30,
    trees: 600,
    hours: 5,
    by: 'terra',
    text: 'Replacing invasive eucalyptus with indigenous species.',
  },
  {
    name: 'Riverside Orchard',
    country: 'GB',
    place: 'Kirkstall, Leeds',
    lat: 53.8196,
    lng: -1.6047,
    offsetDays: -14,
    trees: 80,
    hours: 2,
    by: 'brightbank',
    text: 'A community orchard of apples, pears and walnuts by the river.',
  },
  {
    name: 'Lake Bellandur Green Belt',
    country: 'IN',
    place: 'Bellandur, Bengaluru',
    lat: 12.9352,
    lng: 77.6784,
    offsetDays: 7,
    trees: 250,
    hours: 3,
    by: 'greenleaf',
    text: 'A living buffer of native trees around the lake.',
  },
  {
    name: 'Nakuru Schools Week',
    country: 'KE',
    place: 'Nakuru',
    lat: -0.3031,
    lng: 36.08,
    offsetDays: 21,
    trees: 300,
    hours: 4,
    by: 'terra',
    text: 'Every pupil plants and names a tree to look after.',
  },
  {
    name: 'Olive Terraces Revival',
    country: 'ES',
    place: 'Sierra Morena, Córdoba',
    lat: 38.0,
    lng: -4.9,
    offsetDays: 35,
    trees: 150,
    hours: 5,
    by: 'brightbank',
    text: 'Bringing abandoned terraces back to life with olive and carob.',
  },
  {
    name: 'Canal Corridor Planting',
    country: 'GB',
    place: 'Leeds–Liverpool Canal',
    lat: 53.8,
    lng: -1.57,
    offsetDays: 60,
    trees: 90,
    hours: 2,
    by: 'brightbank',
    text: 'Wildlife-friendly hedgerow and small trees along the towpath.',
  },
];

async function seed(db: Kysely<Database>) {
  const existing = await db.selectFrom('users').select('id').limit(1).execute();
  if (existing.length > 0) {
    throw new Error('the database already has accounts; seed:demo only fills a fresh database');
  }
  const random = rng(2026);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const day = 86_400_000;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const users: NewUser[] = PEOPLE.map(([username, name, type, location, bio], i) => ({
    id: newId(now - (400 - i) * day),
    email: `${username}@demo.canopy.example`,
    username,
    name,
    password_hash: passwordHash,
    profile_type: type,
    verified_at: iso(now - (400 - i * 20) * day),
    avatar_file_id: null,
    bio,
    location,
    created_at: iso(now - (400 - i * 20) * day),
    updated_at: iso(now - (400 - i * 20) * day),
  }));
  const byUsername = new Map(users.map((u) => [u.username, u]));
  const individuals = users.filter((u) => u.profile_type === 'individual');
  const corporates = users.filter((u) => u.profile_type === 'corporate');

  const drives: NewDrive[] = DRIVES.map((d) => {
    const startsAt = new Date(now + d.offsetDays * day);
    startsAt.setUTCHours(4, 30, 0, 0);
    const species = [1, 2, 3, 9, 10, 12].filter(() => random() > 0.4);
    return {
      id: newId(),
      organizer_id: byUsername.get(d.by)!.id,
      name: d.name,
      tree_quantity: d.trees,
      starts_at: startsAt.toISOString(),
      duration_hours: d.hours,
      country: d.country,
      location_text: d.place,
      lat: d.lat,
      lng: d.lng,
      description: d.text,
      tree_sizes: JSON.stringify(random() > 0.5 ? ['packet', 'potted'] : ['packet']),
      tree_types: JSON.stringify(species.length ? species : [1]),
      sponsors: JSON.stringify([byUsername.get(d.by)!.name]),
      land_donors: JSON.stringify([corporates[Math.floor(random() * corporates.length)]!.id]),
      image_file_id: null,
      created_at: iso(startsAt.getTime() - 30 * day),
      updated_at: iso(startsAt.getTime() - 30 * day),
    };
  });

  const participants = drives.flatMap((drive) =>
    individuals
      .filter(() => random() > 0.35)
      .map((u) => ({ drive_id: drive.id, user_id: u.id, joined_at: drive.created_at })),
  );

  const trees: NewTree[] = [];
  for (const drive of drives.filter((d) => Date.parse(d.starts_at) < now)) {
    for (const p of participants.filter((x) => x.drive_id === drive.id)) {
      const count = 2 + Math.floor(random() * 6);
      for (let i = 0; i < count; i++) {
        const types = JSON.parse(drive.tree_types) as number[];
        trees.push({
          id: newId(),
          owner_id: p.user_id,
          drive_id: drive.id,
          species_id: types[Math.floor(random() * types.length)] ?? 1,
          size: random() > 0.7 ? 'potted' : 'packet',
          planted_at: drive.starts_at,
          lat: drive.lat + (random() - 0.5) * 0.004,
          lng: drive.lng + (random() - 0.5) * 0.004,
          nickname: null,
          status: random() > 0.9 ? 'needs_care' : 'alive',
          created_at: drive.starts_at,
        });
      }
    }
  }
  // Trees people planted on their own, some of them years ago.
  for (const u of individuals) {
    const count = 3 + Math.floor(random() * 8);
    for (let i = 0; i < count; i++) {
      const planted = now - Math.floor(random() * 5 * 365) * day;
      trees.push({
        id: newId(),
        owner_id: u.id,
        drive_id: null,
        species_id: TREE_SPECIES[Math.floor(random() * TREE_SPECIES.length)]!.value,
        size: random() > 0.5 ? 'potted' : 'packet',
        planted_at: iso(planted),
        lat: null,
        lng: null,
        nickname:
          i === 0
            ? ['Little Green', 'Sunny', 'Old Faithful', 'Pip', 'Shade Maker', 'Hope'][i % 6]!
            : null,
        status: random() > 0.95 ? 'dead' : 'alive',
        created_at: iso(planted),
      });
    }
  }

  const categories = ['Trees', 'Land', 'Planting-Ops', 'Media', 'Institution/Research'];
  // The default TREE_PRICE: demo tree donations cost what a real one would.
  const treePrice = 500;
  const donations: NewDonation[] = [];
  for (const u of [...individuals, ...corporates]) {
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) {
      const cash = random() > 0.4;
      const drive = drives[Math.floor(random() * drives.length)]!;
      const trees = cash ? 0 : 5 + Math.floor(random() * 40);
      const at = iso(now - Math.floor(random() * 200) * day);
      donations.push({
        id: newId(),
        donor_id: u.id,
        drive_id: drive.id,
        kind: cash ? 'cash' : 'trees',
        amount_minor: cash
          ? (u.profile_type === 'corporate' ? 50_000 : 1_000) * (1 + Math.floor(random() * 5))
          : trees * treePrice,
        currency: 'USD',
        trees,
        category: categories[Math.floor(random() * categories.length)]!,
        message: `Support for ${drive.name}`,
        anonymous: random() > 0.8 ? 1 : 0,
        status: 'paid',
        provider: 'demo',
        created_at: at,
        paid_at: at,
        updated_at: at,
      });
    }
  }
  // Receipt numbers as payments would have given them: per year, in date order.
  const receiptCounters = new Map<number, number>();
  for (const d of [...donations].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    const year = new Date(d.created_at).getUTCFullYear();
    const n = (receiptCounters.get(year) ?? 0) + 1;
    receiptCounters.set(year, n);
    d.receipt_number = `CAN-${year}-${String(n).padStart(6, '0')}`;
  }

  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(users).execute();
    await trx.insertInto('drives').values(drives).execute();
    await trx.insertInto('drive_participants').values(participants).execute();
    for (let i = 0; i < trees.length; i += 200)
      await trx
        .insertInto('trees')
        .values(trees.slice(i, i + 200))
        .execute();
    await trx.insertInto('donations').values(donations).execute();
    await trx
      .insertInto('receipt_counters')
      .values([...receiptCounters].map(([year, last]) => ({ year, last })))
      .execute();
  });
  return {
    users: users.length,
    drives: drives.length,
    participants: participants.length,
    trees: trees.length,
    donations: donations.length,
  };
}

async function main() {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileIn(config.dataDir),
  });
  try {
    await migrateToLatest(database);
    const counts = await seed(database.db);
    console.log(
      `Seeded ${counts.users} accounts, ${counts.drives} drives, ${counts.participants} participations, ` +
        `${counts.trees} trees and ${counts.donations} donations (${database.dialect}).`,
    );
    console.log(
      `Demo accounts: asha@demo.canopy.example (individual), greenleaf@demo.canopy.example (corporate), ` +
        `sahyadri@demo.canopy.example (nursery); password "${DEMO_PASSWORD}".`,
    );
  } finally {
    await database.close();
  }
}

export { seed };

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(
      `canopy seed:demo: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
    process.exit(1);
  });
}
