import type { Seeder } from './context';
import type { SeededDrive } from './drives';
import { daytime } from './tree-growth';
import { timeZoneAt } from '../../server/lib/time-zone';
import type { Person } from './people';
import { DAY_MS, hashSeed, rng } from './random';

/** A drive's delivered reservation: its trees of that species came from it. */
export interface Delivery {
  reservationId: string;
  speciesId: number;
}

/** [nursery, pickup point, place, species with sizes and prices in minor units] */
const STOCK: ReadonlyArray<
  readonly [
    string,
    number,
    number,
    string,
    ReadonlyArray<readonly [number, 'packet' | 'potted', number]>,
  ]
> = [
  [
    'sahyadri',
    19.9975,
    73.7898,
    'Sahyadri yard, Nashik',
    [
      [1, 'packet', 300],
      [1, 'potted', 650],
      [10, 'potted', 700],
      [35, 'packet', 280],
      [12, 'potted', 800],
      [17, 'packet', 450],
      [16, 'packet', 400],
      [2, 'packet', 420],
      [14, 'potted', 600],
      [20, 'packet', 320],
      [8, 'packet', 350],
    ],
  ],
  [
    'rift',
    -0.3031,
    36.08,
    'Rift Valley Seedlings, Nakuru',
    [
      [34, 'packet', 250],
      [13, 'packet', 300],
      [57, 'packet', 280],
      [22, 'packet', 220],
      [2, 'packet', 400],
      [59, 'potted', 550],
    ],
  ],
  [
    'semente',
    -22.9099,
    -47.0626,
    'Viveiro Semente Viva, Campinas',
    [
      [16, 'packet', 380],
      [56, 'packet', 350],
      [3, 'packet', 300],
      [65, 'packet', 260],
      [60, 'potted', 700],
      [2, 'potted', 650],
    ],
  ],
  [
    'linde',
    52.3906,
    13.0645,
    'Baumschule Linde, Potsdam',
    [
      [45, 'potted', 2400],
      [46, 'potted', 2400],
      [47, 'potted', 3200],
      [52, 'potted', 2900],
      [59, 'potted', 2100],
    ],
  ],
];

/**
 * Partner nurseries list their stock through `nursery.stock.create` soon after joining; every drive
 * they supply reserves saplings through `nursery.reservations.reserve` a few days after it was
 * announced, the nursery confirms the next day and delivers the day before the drive (upcoming
 * drives are part way along). Run before the donations, so gifts of trees to those drives are
 * priced at the nursery's sapling price and allocated to the reservation.
 */
export async function supplySaplings(
  seeder: Seeder,
  people: Map<string, Person>,
  drives: SeededDrive[],
): Promise<{ stockLines: number; reservations: number; delivered: Map<string, Delivery> }> {
  const { ctx, now } = seeder;
  const lines = new Map<string, string>();
  let stockLines = 0;
  for (const [name, lat, lng, place, items] of STOCK) {
    const nursery = people.get(name)!;
    for (const [i, [speciesId, size, priceMinor]] of items.entries()) {
      const r = rng(hashSeed(`${name}:${speciesId}:${size}`));
      const stock = await seeder.at(nursery.joinedAt + (3 + i) * DAY_MS, () =>
        ctx.nursery.stock.create(nursery, {
          speciesId,
          size,
          quantityAvailable: r.int(40, 90) * 100,
          priceMinor,
          pickupLat: lat,
          pickupLng: lng,
          pickupLocation: place,
          notes: r.chance(0.5) ? 'Hardened off outdoors for six weeks; bring crates.' : '',
        }),
      );
      lines.set(`${name}:${speciesId}:${size}`, stock.id);
      stockLines++;
    }
  }

  let reservations = 0;
  const delivered = new Map<string, Delivery>();
  for (const { row, plan } of drives) {
    if (!plan.nursery) continue;
    const nursery = people.get(plan.nursery)!;
    const organiser = people.get(plan.by)!;
    const r = rng(hashSeed(`reserve:${plan.name}`));
    const zone = timeZoneAt(plan.lat, plan.lng);
    const created = Date.parse(row.created_at);
    const start = Date.parse(row.starts_at);
    const species = plan.species.filter((s) => lines.has(`${plan.nursery}:${s}:${plan.sizes[0]}`));
    if (species.length === 0) continue;
    const stockId = lines.get(`${plan.nursery}:${species[0]}:${plan.sizes[0]}`)!;
    const requestedAt = daytime(r, created, r.int(2, 5), zone);
    if (requestedAt >= Math.min(start, now)) continue;
    const reservation = await seeder.at(requestedAt, () =>
      ctx.nursery.reservations.reserve(organiser, row, {
        stockId,
        quantity: Math.min(plan.trees, 10_000),
      }),
    );
    reservations++;
    const steps: Array<['confirm' | 'deliver', number]> = [
      ['confirm', daytime(r, requestedAt, 1, zone)],
      ['deliver', daytime(r, start, -1, zone)],
    ];
    for (const [action, at] of steps) {
      // The newest request still waits for the nursery's answer.
      if (at >= now || (action === 'confirm' && now - requestedAt < 4 * DAY_MS)) break;
      await seeder.at(at, () => ctx.nursery.reservations.act(nursery, reservation.id, action));
      if (action === 'deliver')
        delivered.set(row.id, { reservationId: reservation.id, speciesId: species[0]! });
    }
  }
  return { stockLines, reservations, delivered };
}
