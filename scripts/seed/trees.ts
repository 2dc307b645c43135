import { growthOfSpecies } from '../../contract/species-growth';
import { treeFormSchema } from '../../contract/trees';
import { DEATH_CAUSES } from '../../contract/tree-care';
import type { TreeSizeValue } from '../../contract/options';
import { newId } from '../../server/lib/ids';
import type { Seeder } from './context';
import type { SeededDrive } from './drives';
import type { Delivery } from './nursery';
import { renderPng, treePhotoSvg } from './images';
import { timeZoneAt } from '../../server/lib/time-zone';
import { localTimeAfter } from './local-time';
import type { Person } from './people';
import type { Timeline } from './timeline';
import { DAY_MS, hashSeed, rng, YEAR_MS, type Random } from './random';
import { carePlan, daytime, measurementSeries } from './tree-growth';

/** Where members plant on their own: home towns, and what grows there. */
/** Where members plant at home; `area` is what the geocoder names there (the place others see). */
const HOMES: Record<
  string,
  { lat: number; lng: number; place: string; area: string; species: number[] }
> = {
  asha: {
    lat: 9.9312,
    lng: 76.2673,
    place: 'Backyard, Kochi',
    area: 'Ernakulam, Kochi, India',
    species: [2, 14, 6, 22, 17],
  },
  rahul: {
    lat: 18.5204,
    lng: 73.8567,
    place: 'Society garden, Pune',
    area: 'Kothrud, Pune, India',
    species: [1, 10, 24, 22],
  },
  priya: {
    lat: 12.9716,
    lng: 77.5946,
    place: 'Lake path, Bengaluru',
    area: 'Indiranagar, Bengaluru, India',
    species: [20, 35, 10],
  },
  wanjiru: {
    lat: -1.2921,
    lng: 36.8219,
    place: 'Shamba, Kiambu Road',
    area: 'Kiambu, Kenya',
    species: [2, 22, 59, 34],
  },
  otieno: {
    lat: -0.0917,
    lng: 34.768,
    place: 'School compound, Kisumu',
    area: 'Milimani, Kisumu, Kenya',
    species: [2, 22, 13],
  },
  mariana: {
    lat: -23.5505,
    lng: -46.6333,
    place: 'Quintal, Vila Madalena',
    area: 'Vila Madalena, São Paulo, Brazil',
    species: [3, 2, 60],
  },
  jonas: {
    lat: 52.4811,
    lng: 13.4354,
    place: 'Hinterhof, Neukölln',
    area: 'Neukölln, Berlin, Germany',
    species: [45, 46, 59],
  },
  emily: {
    lat: 45.5152,
    lng: -122.6784,
    place: 'Front yard, Sellwood',
    area: 'Sellwood, Portland, United States',
    species: [45, 47, 58],
  },
  dewi: {
    lat: -6.9175,
    lng: 107.6191,
    place: 'Rooftop, Bandung',
    area: 'Coblong, Bandung, Indonesia',
    species: [21, 6, 3],
  },
  tom: {
    lat: 53.8008,
    lng: -1.5491,
    place: 'Allotment, Meanwood',
    area: 'Meanwood, Leeds, United Kingdom',
    species: [45, 46, 47],
  },
  lucia: {
    lat: 37.3891,
    lng: -5.9845,
    place: 'Patio, Triana',
    area: 'Triana, Seville, Spain',
    species: [4, 6, 42, 48],
  },
};

const NICKNAMES = [
  'Little Green',
  'Sunny',
  'Old Faithful',
  'Pip',
  'Shade Maker',
  'Hope',
  'Mango Mama',
  'Kiki',
  'Baobabito',
  'Lotte',
  'Rusty',
  'Miss Juniper',
];

interface Planting {
  owner: Person;
  driveId: string | null;
  speciesId: number;
  size: TreeSizeValue;
  count: number;
  plantedAt: number;
  lat: number;
  lng: number;
  place: string;
  /** The neighbourhood the geocoder names around the point (issue 25): the place others see. */
  area: string;
  nickname: string | null;
  timeZone: string;
  diligence: number;
  replaces?: string;
  /** The delivered sapling reservation it came from (the chain of custody). */
  reservationId?: string;
}

/** What a planter writes when reporting a tree needing care, by cause. */
const PROBLEM_NOTES = {
  pests: 'Leaves eaten along the lower branches; caterpillars under them.',
  drought: 'Soil cracked around the base and the leaves are curling.',
  disease: 'Dark spots spreading on the older leaves.',
  grazing: 'Goats got past the guard and stripped the bark on one side.',
} as const;

export interface TreeCounts {
  trees: number;
  measurements: number;
  care: number;
  dead: number;
  replanted: number;
}

function plantings(
  r: Random,
  seeder: Seeder,
  people: Map<string, Person>,
  drives: SeededDrive[],
  delivered: ReadonlyMap<string, Delivery>,
) {
  const out: Planting[] = [];
  for (const { row, plan, timeZone, planters } of drives) {
    const start = Date.parse(row.starts_at);
    if (start > seeder.now - DAY_MS) continue;
    let planted = 0;
    const delivery = delivered.get(row.id);
    // Saplings of the reserved line came from the nursery; anything else people brought along.
    const source = (speciesId: number, size: TreeSizeValue) =>
      delivery && delivery.speciesId === speciesId && size === plan.sizes[0]
        ? { reservationId: delivery.reservationId }
        : {};
    const at = () => start + r.between(0.3, Math.max(0.5, plan.hours - 0.3)) * 3_600_000;
    for (const person of planters) {
      for (let i = r.int(1, 2); i > 0; i--) {
        const count = r.pick([1, 1, 1, 2, 3, 5, 8, 12]);
        const speciesId = r.pick(plan.species);
        const size = r.pick(plan.sizes);
        planted += count;
        out.push({
          ...source(speciesId, size),
          owner: person,
          driveId: row.id,
          speciesId,
          size,
          count,
          plantedAt: at(),
          lat: plan.lat + r.noise(0.004),
          lng: plan.lng + r.noise(0.004),
          place: plan.place,
          area: plan.place,
          nickname: count === 1 && r.chance(0.3) ? r.pick(NICKNAMES) : null,
          timeZone,
          diligence: r.between(0.55, 0.95),
        });
      }
    }
    // The organiser registers the rest of the day's planting, block by block.
    const organiser = people.get(plan.by)!;
    let rest = Math.max(0, plan.trees - planted);
    for (const species of plan.species) {
      const count = Math.min(1000, Math.round(rest / 2) || rest);
      if (count <= 0) break;
      rest -= count;
      out.push({
        ...source(species, plan.sizes[0]!),
        owner: organiser,
        driveId: row.id,
        speciesId: species,
        size: plan.sizes[0]!,
        count,
        plantedAt: at(),
        lat: plan.lat + r.noise(0.002),
        lng: plan.lng + r.noise(0.002),
        place: `${plan.place} (block ${String.fromCharCode(65 + (out.length % 6))})`,
        area: plan.place,
        nickname: null,
        timeZone,
        diligence: r.between(0.25, 0.45),
      });
    }
  }
  // Trees members planted on their own, a few of them years ago.
  for (const person of people.values()) {
    const home = HOMES[person.username];
    if (!home) continue;
    const timeZone = timeZoneAt(home.lat, home.lng);
    for (let i = r.int(2, 4); i > 0; i--) {
      const daysAgo =
        i === 1 && person.joinedAt < seeder.now - 1200 * DAY_MS
          ? r.int(1140, 1200)
          : r.int(20, 1000);
      const day = Math.max(daysAgo, 1) * -1;
      out.push({
        owner: person,
        driveId: null,
        speciesId: r.pick(home.species),
        size: r.chance(0.5) ? 'potted' : 'packet',
        count: r.chance(0.8) ? 1 : r.int(2, 6),
        plantedAt: daytime(r, seeder.now, day, timeZone),
        lat: home.lat + r.noise(0.003),
        lng: home.lng + r.noise(0.003),
        place: home.place,
        area: home.area,
        nickname: r.chance(0.5) ? r.pick(NICKNAMES) : null,
        timeZone,
        diligence: r.between(0.6, 0.95),
      });
    }
  }
  return out.sort((a, b) => a.plantedAt - b.plantedAt);
}

/**
 * Trees registered through `trees.register` (some with a photo), their history of measurements and
 * care written in bulk, the latest measurement through `trees.addMeasurement` (which keeps the
 * tree's current size), deaths through `trees.reportHealth` (telling the organiser, opening a
 * replanting task), and about half of those replanted through the registration form again.
 */
export async function plantTrees(
  seeder: Seeder,
  people: Map<string, Person>,
  drives: SeededDrive[],
  delivered: ReadonlyMap<string, Delivery>,
  /** Other steps of the story (gifts and their payments) run up to each registration. */
  steps?: Timeline,
): Promise<TreeCounts> {
  const { ctx, now } = seeder;
  const r = rng(2026);
  const counts: TreeCounts = { trees: 0, measurements: 0, care: 0, dead: 0, replanted: 0 };
  const queue = plantings(r, seeder, people, drives, delivered);

  for (let qi = 0; qi < queue.length; qi++) {
    const p = queue[qi]!;
    const tr = rng(hashSeed(`${p.owner.username}:${p.plantedAt}`));
    const growth = growthOfSpecies(p.speciesId);
    const photo = tr.chance(0.4)
      ? await renderPng(treePhotoSvg(tr.int(1, 1e9), growth.form, 0.08))
      : null;
    // Registered that evening or the next, at home after the planting.
    const registeredAt = Math.min(
      now - 60_000,
      Math.max(
        p.plantedAt + 3_600_000,
        localTimeAfter(
          p.plantedAt,
          tr.int(0, 1),
          tr.int(19, 21),
          tr.int(0, 59),
          p.timeZone,
        ).getTime(),
      ),
    );
    const form = treeFormSchema.parse({
      treesType: String(p.speciesId),
      treeCount: String(p.count),
      treeSize: p.size,
      plantedAt: new Date(p.plantedAt).toISOString(),
      treeLat: p.lat.toFixed(6),
      treeLong: p.lng.toFixed(6),
      treeLocation: p.place,
      treeName: p.nickname ?? undefined,
      driveId: p.driveId ?? undefined,
      replacesTreeId: p.replaces,
      reservationId: p.reservationId,
    });
    await steps?.runUntil(registeredAt);
    const tree = await seeder.at(registeredAt, () =>
      ctx.trees.register(p.owner, { form, image: photo }),
    );
    // The demo has no geocoder: it stores the area name the app's pass would have looked up.
    await ctx.uow.db
      .updateTable('trees')
      .set({ public_place: p.area })
      .where('id', '=', tree.id)
      .execute();
    counts.trees++;
    if (p.replaces) counts.replanted++;

    // Most losses come in the first dry season; older trees rarely die.
    const age = now - p.plantedAt;
    const dies = age > 60 * DAY_MS && tr.chance(p.diligence < 0.5 ? 0.04 : 0.08);
    const diedAt = dies
      ? p.plantedAt + tr.between(30, Math.min(age / DAY_MS - 10, 300)) * DAY_MS
      : null;
    const until = diedAt ?? now;
    const series = measurementSeries(tr, {
      speciesId: p.speciesId,
      size: p.size,
      plantedAt: p.plantedAt,
      until,
      timeZone: p.timeZone,
    });
    const care = carePlan(tr, {
      plantedAt: p.plantedAt,
      until,
      timeZone: p.timeZone,
      diligence: p.diligence,
    });
    const history = series.slice(0, -1);
    await ctx.uow.withTransaction(async (tx) => {
      for (let i = 0; i < history.length; i += 200)
        await tx.db
          .insertInto('tree_measurements')
          .values(
            history.slice(i, i + 200).map((m) => ({
              id: newId(m.at),
              tree_id: tree.id,
              measured_at: new Date(m.at).toISOString(),
              height_cm: m.heightCm,
              diameter_cm: m.diameterCm,
              alive_count: null,
              photo_file_id: null,
              created_at: new Date(m.at + 20 * 60_000).toISOString(),
            })),
          )
          .execute();
      for (let i = 0; i < care.length; i += 300)
        await tx.db
          .insertInto('tree_care_log')
          .values(
            care.slice(i, i + 300).map((c) => ({
              id: newId(Date.parse(c.done_at)),
              tree_id: tree.id,
              ...c,
              created_at: new Date(Date.parse(c.done_at) + 10 * 60_000).toISOString(),
            })),
          )
          .execute();
    });
    counts.care += care.length;
    const last = series[series.length - 1]!;
    const lost = p.count > 1 ? Math.round(p.count * tr.between(0, 0.15)) : 0;
    const years = (last.at - p.plantedAt) / YEAR_MS;
    const lastPhoto =
      photo && years > 0.4 && tr.chance(0.6)
        ? await renderPng(treePhotoSvg(tr.int(1, 1e9), growth.form, Math.min(1, 0.15 + years / 4)))
        : null;
    await seeder.at(last.at + 15 * 60_000, () =>
      ctx.trees.addMeasurement(p.owner, tree.id, {
        form: {
          measuredAt: new Date(last.at).toISOString(),
          heightCm: last.heightCm,
          diameterCm: last.diameterCm,
          aliveCount: p.count > 1 ? p.count - lost : undefined,
        },
        photo: lastPhoto,
      }),
    );
    counts.measurements += series.length;

    if (diedAt) {
      const cause = tr.pick(DEATH_CAUSES.filter((c) => c !== 'construction'));
      await seeder.at(daytime(tr, diedAt, 1, p.timeZone), () =>
        ctx.trees.reportHealth(p.owner, tree.id, {
          form: { status: 'dead', cause, aliveCount: undefined },
          photo: null,
        }),
      );
      counts.dead++;
      // About half are replanted a few weeks later, in the same spot.
      const replantAt = daytime(tr, diedAt, tr.int(14, 60), p.timeZone);
      if (!p.replaces && tr.chance(0.55) && replantAt < now - DAY_MS) {
        const next: Planting = {
          ...p,
          plantedAt: replantAt,
          replaces: tree.id,
          nickname: p.nickname,
          diligence: Math.min(1, p.diligence + 0.1),
        };
        const at = queue.findIndex((q, i) => i > qi && q.plantedAt > replantAt);
        queue.splice(at === -1 ? queue.length : at, 0, next);
      }
    } else if (now - p.plantedAt > 90 * DAY_MS && tr.chance(0.07)) {
      const cause = tr.pick(['pests', 'drought', 'disease', 'grazing'] as const);
      await seeder.at(daytime(tr, now, -tr.int(1, 20), p.timeZone), () =>
        ctx.trees.reportHealth(p.owner, tree.id, {
          form: { status: 'needs-care', cause, aliveCount: undefined, note: PROBLEM_NOTES[cause] },
          photo: null,
        }),
      );
    }
  }
  return counts;
}
