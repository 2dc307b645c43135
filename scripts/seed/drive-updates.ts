import { speciesByValue } from '../../contract/options';
import { growthOfSpecies } from '../../contract/species-growth';
import { parseUpdateForm } from '../../server/modules/drive-updates/update-form';
import type { Seeder } from './context';
import type { SeededDrive } from './drives';
import { localTimeAfter } from './local-time';
import { landscapeSvg, renderPng, treePhotoSvg } from './images';
import type { Person } from './people';
import { DAY_MS, hashSeed, rng, type Random } from './random';
import { daytime } from './tree-growth';

export interface UpdateCounts {
  driveUpdates: number;
  updatePhotos: number;
}

type Stage = 'day' | 'weeks' | 'months' | 'nursery';

const nameOf = (speciesId: number) => speciesByValue(speciesId)?.englishName ?? 'saplings';

/** What an organiser (or the nursery) writes at each stage after a drive. */
function textOf(r: Random, stage: Stage, drive: SeededDrive): string {
  const { plan } = drive;
  const species = plan.species.map(nameOf);
  const first = species[0]!;
  switch (stage) {
    case 'day':
      return r.pick([
        `What a day at ${plan.place}! ${plan.trees} saplings are in the ground: ${species.join(', ')}. Thank you to everyone who dug, carried and watered, and to every donor who paid for a tree. We will post how they settle in.`,
        `All ${plan.trees} trees planted before the heat set in. The ${first} went along the lower edge, the rest in blocks behind. Every hole was mulched and watered twice. Thank you all!`,
      ]);
    case 'weeks':
      return r.pick([
        `Three weeks on: the first watering round is done and nearly every sapling has new leaves. We replaced a few stakes that the wind loosened. Next visit in a month.`,
        `Check-in at ${plan.place}: the ground is holding moisture well under the mulch, and the ${first} are already putting out fresh shoots. A handful look stressed; we will keep an eye on them.`,
      ]);
    case 'months':
      return r.pick([
        `Survival count after the first season: most of the trees made it through, and the strongest ${first} are now above knee height. The planting record has the numbers per block.`,
        `Six months later the site looks green from the road. We weeded around every sapling and topped up the mulch. Thank you for following along!`,
      ]);
    case 'nursery':
      return `Our nursery team visited ${plan.place} to see how our ${first} saplings are doing. Good root establishment and healthy colour; we have shared watering tips with the organisers.`;
  }
}

/**
 * Field updates (issue 19 §6) through the drive-updates service the route uses: the organiser's
 * `requireAuthor` and `post` with photos drawn in code through the same image pipeline. Most past
 * drives get one to three updates (the evening of the drive, a few weeks and a few months on),
 * and a supplying nursery posts on some. The notices job tells participants and donors.
 */
export async function postDriveUpdates(
  seeder: Seeder,
  people: Map<string, Person>,
  drives: SeededDrive[],
): Promise<UpdateCounts> {
  const { ctx, now } = seeder;
  const counts: UpdateCounts = { driveUpdates: 0, updatePhotos: 0 };
  for (const drive of drives) {
    const { plan, row, timeZone } = drive;
    const start = Date.parse(row.starts_at);
    if (start > now - 2 * DAY_MS) continue;
    const r = rng(hashSeed(`updates:${plan.name}`));
    if (!r.chance(0.75)) continue;
    const stages: Array<[Stage, number, Person]> = [];
    const organiser = people.get(plan.by)!;
    stages.push([
      'day',
      localTimeAfter(start, r.int(0, 1), r.int(18, 21), r.int(0, 59), timeZone).getTime(),
      organiser,
    ]);
    if (r.chance(0.7))
      stages.push(['weeks', daytime(r, start, r.int(18, 30), timeZone), organiser]);
    if (r.chance(0.5))
      stages.push(['months', daytime(r, start, r.int(120, 200), timeZone), organiser]);
    if (plan.nursery && r.chance(0.6))
      stages.push([
        'nursery',
        daytime(r, start, r.int(60, 100), timeZone),
        people.get(plan.nursery)!,
      ]);
    for (const [stage, planned, author] of stages) {
      // The evening of the drive, or later; never in the future.
      const at = Math.max(planned, start + plan.hours * 3_600_000 + 2 * 3_600_000);
      if (at > now - 3_600_000) continue;
      const photos: Buffer[] = [];
      for (let i = r.int(stage === 'day' ? 1 : 0, 2); i > 0; i--) {
        const speciesId = r.pick(plan.species);
        photos.push(
          await renderPng(
            r.chance(0.5)
              ? landscapeSvg(r.int(1, 1e9), Number(plan.time.slice(0, 2)), 960, 600)
              : treePhotoSvg(
                  r.int(1, 1e9),
                  growthOfSpecies(speciesId).form,
                  stage === 'months' ? 0.2 : 0.08,
                  480,
                  640,
                ),
          ),
        );
      }
      const text = textOf(r, stage, drive);
      await seeder.at(at, async () => {
        const who = await ctx.driveUpdates.requireAuthor(author, row.id);
        await ctx.driveUpdates.post(who, { form: parseUpdateForm(text), photos });
      });
      counts.driveUpdates++;
      counts.updatePhotos += photos.length;
    }
  }
  return counts;
}
