import type { NewUser, UserRow } from '../../server/db/tables';
import { newId } from '../../server/lib/ids';
import { hashPassword } from '../../server/lib/passwords';
import type { SessionUser } from '../../server/modules/auth/auth.service';
import type { Seeder } from './context';
import { avatarSvg, renderPng } from './images';
import { DAY_MS, hashSeed } from './random';

export const DEMO_PASSWORD = 'plant-a-tree-2026';
export const DEMO_EMAIL_DOMAIN = 'demo.canopy.example';

type Kind = NewUser['profile_type'];

/** [username, name, type, location, bio, days since joining] */
export const PEOPLE: ReadonlyArray<readonly [string, string, Kind, string, string, number]> = [
  [
    'asha',
    'Asha Menon',
    'individual',
    'Kochi, India',
    'Weekend gardener. I talk to my mango saplings.',
    1420,
  ],
  ['rahul', 'Rahul Verma', 'individual', 'Pune, India', 'Cyclist and neem enthusiast.', 1390],
  ['priya', 'Priya Nair', 'individual', 'Bengaluru, India', 'Lake restoration volunteer.', 1300],
  [
    'wanjiru',
    'Wanjiru Kamau',
    'individual',
    'Nairobi, Kenya',
    'Following in the footsteps of the Green Belt Movement.',
    1360,
  ],
  [
    'otieno',
    'Brian Otieno',
    'individual',
    'Kisumu, Kenya',
    'Teacher; my class adopts a tree every term.',
    1100,
  ],
  [
    'mariana',
    'Mariana Souza',
    'individual',
    'São Paulo, Brazil',
    'Biologist bringing the Atlantic Forest back, one seedling at a time.',
    1250,
  ],
  [
    'jonas',
    'Jonas Weber',
    'individual',
    'Berlin, Germany',
    'Street trees need friends too. Watering crew, Neukölln.',
    1180,
  ],
  [
    'emily',
    'Emily Carter',
    'individual',
    'Portland, United States',
    'Trail runner who plants more than she runs.',
    980,
  ],
  [
    'dewi',
    'Dewi Lestari',
    'individual',
    'Bandung, Indonesia',
    'Mangroves, bamboo and a very patient rooftop garden.',
    900,
  ],
  [
    'tom',
    'Tom Becker',
    'individual',
    'Leeds, United Kingdom',
    'Hedgerows, oaks and volunteering on Saturdays.',
    760,
  ],
  ['lucia', 'Lucía Fernández', 'individual', 'Seville, Spain', 'Olive groves and city shade.', 420],
  [
    'greenleaf',
    'Greenleaf Industries',
    'corporate',
    'Mumbai, India',
    'Our sustainability team plants with employees every quarter.',
    1450,
  ],
  [
    'terra',
    'Terra Logistics',
    'corporate',
    'Nairobi, Kenya',
    'Offsetting our fleet, one drive at a time.',
    1440,
  ],
  [
    'mataverde',
    'Mata Verde Energia',
    'corporate',
    'São Paulo, Brazil',
    'Renewable power, and the forest corridors around our sites.',
    1330,
  ],
  [
    'rheinwald',
    'Rheinwald Versicherung',
    'corporate',
    'Cologne, Germany',
    'Climate adaptation starts in our own neighbourhoods.',
    1200,
  ],
  [
    'cascadia',
    'Cascadia Outfitters',
    'corporate',
    'Portland, United States',
    'One tree for every jacket we sell.',
    1000,
  ],
  [
    'nusantara',
    'Nusantara Digital',
    'corporate',
    'Jakarta, Indonesia',
    'Our engineers plant mangroves twice a year.',
    860,
  ],
  [
    'sahyadri',
    'Sahyadri Saplings Nursery',
    'nursery',
    'Nashik, India',
    'Native saplings raised without chemical fertilisers.',
    1440,
  ],
  [
    'rift',
    'Rift Valley Seedlings',
    'nursery',
    'Nakuru, Kenya',
    'Indigenous seedlings for schools and farms.',
    1400,
  ],
  [
    'semente',
    'Viveiro Semente Viva',
    'nursery',
    'Campinas, Brazil',
    'Atlantic Forest natives, grown from locally collected seed.',
    1260,
  ],
  [
    'linde',
    'Baumschule Linde',
    'nursery',
    'Potsdam, Germany',
    'Climate-ready street and orchard trees since 1962.',
    1150,
  ],
];

export interface Person extends SessionUser {
  joinedAt: number;
}

/**
 * Creates every demo account (verified, one shared password), then gives each an initials avatar
 * through the same `users.setAvatar` a profile upload uses, a few days after joining.
 */
export async function createPeople(seeder: Seeder): Promise<Map<string, Person>> {
  const { ctx, now } = seeder;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows: UserRow[] = PEOPLE.map(([username, name, type, location, bio, daysAgo], i) => {
    // Accounts open in the morning, UTC-ish; exact minutes vary per person.
    const joined = now - daysAgo * DAY_MS + ((hashSeed(username) % 600) - 300) * 60_000;
    const at = new Date(joined).toISOString();
    return {
      locale: null,
      id: newId(joined + i),
      email: `${username}@${DEMO_EMAIL_DOMAIN}`,
      username,
      name,
      password_hash: passwordHash,
      profile_type: type,
      verified_at: new Date(joined + 6 * 60_000).toISOString(),
      avatar_file_id: null,
      bio,
      location,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    };
  });
  await ctx.database.db.insertInto('users').values(rows).execute();

  const people = new Map<string, Person>();
  const pngs = await Promise.all(rows.map((row, i) => renderPng(avatarSvg(row.name!, i * 5))));
  for (const [i, row] of rows.entries()) {
    const { password_hash: _hash, ...user } = row;
    const joinedAt = Date.parse(row.created_at);
    await seeder.at(joinedAt + (2 + (i % 5)) * DAY_MS, () => ctx.users.setAvatar(user, pngs[i]!));
    const fresh = await ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    const { password_hash: _h, ...session } = fresh;
    people.set(row.username, { ...session, joinedAt });
  }
  return people;
}
