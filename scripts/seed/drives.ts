import type { DriveRow } from '../../server/db/tables';
import { parseDriveForm } from '../../server/modules/drives/drive-form';
import type { Seeder } from './context';
import { landscapeSvg, renderPng } from './images';
import { timeZoneAt } from '../../server/lib/time-zone';
import { localTimeAfter } from './local-time';
import type { Person } from './people';
import { DRIVE_PLANS, type DrivePlan } from './drive-plans';
import { DAY_MS, hashSeed, rng } from './random';

export interface SeededDrive {
  row: DriveRow;
  plan: DrivePlan;
  timeZone: string;
  participants: Person[];
  /** Who registers trees afterwards: locals (a visitor lends a hand, then flies home). */
  planters: Person[];
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
    DRIVE_PLANS.map((plan) =>
      renderPng(landscapeSvg(hashSeed(plan.name), Number(plan.time.slice(0, 2)))),
    ),
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
    // Announced 3–6 weeks ahead (drives further out: in the last few days), in office hours.
    const createdAt = localTimeAfter(
      Math.min(startsAt.getTime() - r.int(21, 42) * DAY_MS, now - r.int(3, 12) * DAY_MS),
      0,
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
    // The headline demo account (README) joins every drive ahead in her country, so her
    // dashboard and calendar have something coming up.
    const joiners = individuals.filter((p) =>
      p.location?.endsWith(countryName(plan.country))
        ? r.chance(share) || (p.username === HEADLINE && plan.day > 0)
        : r.chance(0.12),
    );
    if (plan.nursery && r.chance(0.5)) joiners.push(nursery!);
    const participants: Person[] = [];
    const locals = new Set(joiners.filter((p) => p.location?.endsWith(countryName(plan.country))));
    for (const person of joiners) {
      const from = Math.max(createdAt.getTime(), person.joinedAt) + DAY_MS;
      const until = Math.min(startsAt.getTime(), now) - 3_600_000;
      if (from >= until) continue;
      const joinedAt = from + r() * (until - from);
      await seeder.at(joinedAt, () => ctx.drives.join(person, drive.id));
      participants.push(person);
    }
    // Drives that happened have their attendance (issue 21): most who joined came and were
    // checked in around the start, one in eight did not come, one in five left early and was
    // checked out. Chosen by position, not by `r`, so the rest of the story stays as it was.
    const start = startsAt.getTime();
    const hourMs = 3_600_000;
    if (start + plan.hours * hourMs < now && participants.length > 0) {
      const came = participants.filter((_, k) => k % 8 !== 5);
      for (const [k, person] of came.entries())
        await seeder.at(start + (k % 20) * 60_000, () =>
          ctx.drives.attendance.checkIn(organiser, drive.id, { userId: person.id }),
        );
      const early = came.filter((_, k) => k % 5 === 2);
      for (const [k, person] of early.entries())
        await seeder.at(start + plan.hours * hourMs * 0.6 + k * 60_000, () =>
          ctx.drives.attendance.checkOut(organiser, drive.id, person.id),
        );
    }
    const row = await ctx.database.db
      .selectFrom('drives')
      .selectAll()
      .where('id', '=', drive.id)
      .executeTakeFirstOrThrow();
    out.push({
      row,
      plan,
      timeZone,
      participants,
      planters: participants.filter((p) => locals.has(p)),
    });
  }
  return out;
}

const HEADLINE = 'asha';

const COUNTRY_NAMES: Record<string, string> = {
  IN: 'India',
  KE: 'Kenya',
  BR: 'Brazil',
  DE: 'Germany',
  US: 'United States',
  ID: 'Indonesia',
};
const countryName = (code: string) => COUNTRY_NAMES[code] ?? code;
