import type { DriveRow } from '../../server/db/tables';
import { parseDriveForm } from '../../server/modules/drives/drive-form';
import type { Seeder } from './context';
import { landscapeSvg, renderPng } from './images';
import { localTimeAfter, timeZoneAt } from './local-time';
import type { Person } from './people';
import { DAY_MS, hashSeed, rng } from './random';

interface DrivePlan {
  name: string;
  /** ISO 3166-1 alpha-2, as the drive form stores it. */
  country: string;
  place: string;
  lat: number;
  lng: number;
  /** Days from now to the drive's local day (negative: it took place). */
  day: number;
  /** Local start time: a morning or a late-afternoon slot, "HH:MM". */
  time: string;
  trees: number;
  hours: number;
  by: string;
  /** The nursery that raised the saplings (named among the sponsors). */
  nursery: string | null;
  species: number[];
  sizes: Array<'packet' | 'potted'>;
  text: string;
}

export const DRIVE_PLANS: readonly DrivePlan[] = [
  {
    name: 'Monsoon Mangrove Day',
    country: 'IN',
    place: 'Mahim Creek, Mumbai',
    lat: 19.0426,
    lng: 72.8402,
    day: -1290,
    time: '07:30',
    trees: 400,
    hours: 4,
    by: 'greenleaf',
    nursery: 'sahyadri',
    species: [1, 10, 35],
    sizes: ['packet'],
    text: 'Planting along the creek with local fisherfolk, ahead of the monsoon.',
  },
  {
    name: 'Karura Forest Restoration',
    country: 'KE',
    place: 'Karura Forest, Nairobi',
    lat: -1.2375,
    lng: 36.8336,
    day: -1240,
    time: '08:00',
    trees: 600,
    hours: 5,
    by: 'terra',
    nursery: 'rift',
    species: [34, 13, 57, 22],
    sizes: ['packet', 'potted'],
    text: 'Replacing invasive eucalyptus with indigenous species.',
  },
  {
    name: 'Corredor da Mata Atlântica',
    country: 'BR',
    place: 'Serra da Cantareira, São Paulo',
    lat: -23.4305,
    lng: -46.6244,
    day: -1170,
    time: '08:30',
    trees: 800,
    hours: 5,
    by: 'mataverde',
    nursery: 'semente',
    species: [16, 56, 3, 65],
    sizes: ['packet'],
    text: 'Linking two forest fragments so monkeys and seed-dispersing birds can cross again.',
  },
  {
    name: 'School Shade Project',
    country: 'IN',
    place: 'Hadapsar, Pune',
    lat: 18.5089,
    lng: 73.926,
    day: -1120,
    time: '16:30',
    trees: 120,
    hours: 3,
    by: 'greenleaf',
    nursery: 'sahyadri',
    species: [1, 10, 12],
    sizes: ['potted'],
    text: 'Neem and jamun saplings for three municipal school playgrounds.',
  },
  {
    name: 'Streuobstwiese Rheinaue',
    country: 'DE',
    place: 'Rheinaue, Bonn',
    lat: 50.7143,
    lng: 7.1466,
    day: -1080,
    time: '09:00',
    trees: 150,
    hours: 3,
    by: 'rheinwald',
    nursery: 'linde',
    species: [45, 46, 47],
    sizes: ['potted'],
    text: 'A traditional meadow orchard of old apple and pear varieties by the Rhine.',
  },
  {
    name: 'Lake Bellandur Green Belt',
    country: 'IN',
    place: 'Bellandur, Bengaluru',
    lat: 12.9352,
    lng: 77.6784,
    day: -990,
    time: '07:00',
    trees: 250,
    hours: 3,
    by: 'greenleaf',
    nursery: 'sahyadri',
    species: [20, 35, 8, 10],
    sizes: ['packet', 'potted'],
    text: 'A living buffer of native trees around the lake.',
  },
  {
    name: 'Willamette Riparian Planting',
    country: 'US',
    place: 'Oaks Bottom, Portland',
    lat: 45.4734,
    lng: -122.6585,
    day: -900,
    time: '09:30',
    trees: 300,
    hours: 4,
    by: 'cascadia',
    nursery: null,
    species: [52, 47, 58],
    sizes: ['packet'],
    text: 'Shading the river bank to keep the water cool for salmon.',
  },
  {
    name: 'Mangrove Muara Angke',
    country: 'ID',
    place: 'Muara Angke, Jakarta',
    lat: -6.1075,
    lng: 106.7383,
    day: -780,
    time: '07:00',
    trees: 500,
    hours: 4,
    by: 'nusantara',
    nursery: null,
    species: [17, 21, 16],
    sizes: ['packet'],
    text: 'Coastal planting to hold the shore against the tides.',
  },
  {
    name: 'Nakuru Schools Week',
    country: 'KE',
    place: 'Nakuru',
    lat: -0.3031,
    lng: 36.08,
    day: -560,
    time: '08:30',
    trees: 300,
    hours: 4,
    by: 'terra',
    nursery: 'rift',
    species: [34, 2, 59, 13],
    sizes: ['packet'],
    text: 'Every pupil plants and names a tree to look after.',
  },
  {
    name: 'Tempelhofer Klimawald',
    country: 'DE',
    place: 'Tempelhofer Feld, Berlin',
    lat: 52.4732,
    lng: 13.4015,
    day: -330,
    time: '10:00',
    trees: 200,
    hours: 3,
    by: 'rheinwald',
    nursery: 'linde',
    species: [52, 45, 59],
    sizes: ['potted'],
    text: 'A small climate forest on the edge of the old airfield.',
  },
  {
    name: 'Parque Ibirapuera Sombra',
    country: 'BR',
    place: 'Ibirapuera, São Paulo',
    lat: -23.5874,
    lng: -46.6576,
    day: -150,
    time: '16:00',
    trees: 180,
    hours: 2,
    by: 'mataverde',
    nursery: 'semente',
    species: [56, 60, 2],
    sizes: ['potted'],
    text: 'Shade for the running paths, with fruit trees the birds love.',
  },
  {
    name: 'Kochi Backwater Greening',
    country: 'IN',
    place: 'Vypin, Kochi',
    lat: 10.0316,
    lng: 76.2206,
    day: -40,
    time: '07:30',
    trees: 220,
    hours: 3,
    by: 'greenleaf',
    nursery: 'sahyadri',
    species: [17, 16, 2, 14],
    sizes: ['packet', 'potted'],
    text: 'Coconut, jackfruit and mango for the island villages.',
  },
  {
    name: 'Cantareira Nascentes',
    country: 'BR',
    place: 'Mairiporã, São Paulo',
    lat: -23.3186,
    lng: -46.5869,
    day: 4,
    time: '08:00',
    trees: 350,
    hours: 4,
    by: 'mataverde',
    nursery: 'semente',
    species: [16, 56, 65],
    sizes: ['packet'],
    text: 'Protecting the springs that feed the city’s reservoirs.',
  },
  {
    name: 'Ngong Road Forest Day',
    country: 'KE',
    place: 'Ngong Road Forest, Nairobi',
    lat: -1.3067,
    lng: 36.7396,
    day: 11,
    time: '08:00',
    trees: 450,
    hours: 5,
    by: 'terra',
    nursery: 'rift',
    species: [34, 57, 22],
    sizes: ['packet', 'potted'],
    text: 'Our biggest drive yet: bring the family, gloves and water are on us.',
  },
  {
    name: 'Bandung Bamboo Belt',
    country: 'ID',
    place: 'Dago, Bandung',
    lat: -6.8652,
    lng: 107.6178,
    day: 19,
    time: '16:30',
    trees: 260,
    hours: 3,
    by: 'nusantara',
    nursery: null,
    species: [21, 68, 67],
    sizes: ['packet'],
    text: 'Bamboo and spice trees to steady the slopes above the city.',
  },
  {
    name: 'Mulching Morning, Pune Schools',
    country: 'IN',
    place: 'Hadapsar, Pune',
    lat: 18.5089,
    lng: 73.926,
    day: 27,
    time: '07:00',
    trees: 60,
    hours: 2,
    by: 'greenleaf',
    nursery: 'sahyadri',
    species: [1, 12],
    sizes: ['potted'],
    text: 'Gap-filling and mulching the school trees we planted three years ago.',
  },
  {
    name: 'Forest Park Fall Planting',
    country: 'US',
    place: 'Forest Park, Portland',
    lat: 45.5573,
    lng: -122.7614,
    day: 46,
    time: '09:00',
    trees: 400,
    hours: 4,
    by: 'cascadia',
    nursery: null,
    species: [52, 47, 48],
    sizes: ['packet'],
    text: 'Native understory and canopy trees where ivy has been cleared.',
  },
  {
    name: 'Kölner Stadtbäume',
    country: 'DE',
    place: 'Ehrenfeld, Köln',
    lat: 50.9513,
    lng: 6.9163,
    day: 74,
    time: '17:00',
    trees: 90,
    hours: 2,
    by: 'rheinwald',
    nursery: 'linde',
    species: [52, 46],
    sizes: ['potted'],
    text: 'After-work planting of street trees chosen for hotter summers.',
  },
];

export interface SeededDrive {
  row: DriveRow;
  plan: DrivePlan;
  timeZone: string;
  participants: Person[];
}

/**
 * Each drive is created through `drives.create` (the form parsed as the route parses it, with its
 * landscape as the upload) a few weeks before it starts, at a local 07:00–10:00 or 16:00–17:30;
 * members join it through `drives.join` in the weeks between, which tells the organiser.
 */
export async function createDrives(
  seeder: Seeder,
  people: Map<string, Person>,
): Promise<SeededDrive[]> {
  const { ctx, now } = seeder;
  const out: SeededDrive[] = [];
  const pictures = await Promise.all(
    DRIVE_PLANS.map((plan) => renderPng(landscapeSvg(hashSeed(plan.name)))),
  );
  const individuals = [...people.values()].filter((p) => p.profile_type === 'individual');
  const corporates = [...people.values()].filter((p) => p.profile_type === 'corporate');
  for (const [i, plan] of DRIVE_PLANS.entries()) {
    const r = rng(hashSeed(plan.name));
    const timeZone = timeZoneAt(plan.lat, plan.lng);
    const [hh, mm] = plan.time.split(':').map(Number) as [number, number];
    const startsAt = localTimeAfter(now, plan.day, hh, mm, timeZone);
    const organiser = people.get(plan.by)!;
    const nursery = plan.nursery ? people.get(plan.nursery)! : null;
    const landDonor = r.chance(0.4)
      ? r.pick(corporates.filter((c) => c.id !== organiser.id))
      : null;
    // Announced 3–6 weeks ahead, during the organiser's local office hours.
    const createdAt = localTimeAfter(
      startsAt.getTime(),
      -r.int(21, 42),
      r.int(9, 17),
      r.int(0, 59),
      timeZone,
    );
    const form = parseDriveForm({
      driveName: [plan.name],
      treeQuantity: [String(plan.trees)],
      driveDate: [startsAt.toISOString()],
      driveDuration: [String(plan.hours)],
      country: [plan.country],
      driveLocation: [plan.place],
      driveLat: [String(plan.lat)],
      driveLong: [String(plan.lng)],
      driveDesc: [plan.text],
      treeSize: plan.sizes,
      treesType: plan.species.map(String),
      treeSponsored: [organiser.name!, ...(nursery ? [nursery.name!] : [])],
      landDonatedById: landDonor ? [landDonor.id] : [],
    });
    const drive = await seeder.at(createdAt, () =>
      ctx.drives.create(organiser, { form, image: pictures[i]! }),
    );

    // Mostly people from the drive's country, now and then a visitor; fewer for upcoming ones.
    const share = plan.day > 0 ? 0.45 : 0.8;
    const joiners = individuals.filter((p) =>
      p.location?.endsWith(countryName(plan.country)) ? r.chance(share) : r.chance(0.12),
    );
    if (plan.nursery && r.chance(0.5)) joiners.push(nursery!);
    const participants: Person[] = [];
    for (const person of joiners) {
      const from = Math.max(createdAt.getTime(), person.joinedAt) + DAY_MS;
      const until = Math.min(startsAt.getTime(), now) - 3_600_000;
      if (from >= until) continue;
      const joinedAt = from + r() * (until - from);
      await seeder.at(joinedAt, () => ctx.drives.join(person, drive.id));
      participants.push(person);
    }
    const row = await ctx.database.db
      .selectFrom('drives')
      .selectAll()
      .where('id', '=', drive.id)
      .executeTakeFirstOrThrow();
    out.push({ row, plan, timeZone, participants });
  }
  return out;
}

const COUNTRY_NAMES: Record<string, string> = {
  IN: 'India',
  KE: 'Kenya',
  BR: 'Brazil',
  DE: 'Germany',
  US: 'United States',
  ID: 'Indonesia',
};
const countryName = (code: string) => COUNTRY_NAMES[code] ?? code;
