import type { DatabaseHandle } from '../../server/db/database';
import type { Person } from './people';
import type { Seeder } from './context';
import type { SeededDrive } from './drives';
import { DAY_MS, hashSeed, rng } from './random';

/**
 * Issue 21 §2 in the demo: drive organisers (for their organisation's own plantings, its admins;
 * else the nursery that supplied the saplings) go through their queue a few days after a tree's
 * photo arrives, through the verification service the route uses. Most trees are vouched for,
 * one in twenty is turned back (an unclear photo), and those whose photo came in the last week
 * (or that the organiser has not reached) still wait in the queue. Returns the decisions made.
 */
export async function verifyDemoTrees(
  seeder: Seeder,
  people: Map<string, Person>,
  drives: readonly SeededDrive[],
  db: DatabaseHandle['db'],
): Promise<{ verified: number; rejected: number }> {
  const { ctx, now } = seeder;
  const organiserOf = new Map(drives.map((d) => [d.row.id, people.get(d.plan.by)!]));
  const byId = new Map([...people.values()].map((p) => [p.id, p]));
  // An organisation's owners and admins verify what its own account planted.
  const admins = await db
    .selectFrom('team_members')
    .select(['organisation_id', 'user_id'])
    .where('role', 'in', ['owner', 'admin'])
    .execute();
  const nurseryOf = new Map(
    (await db.selectFrom('sapling_reservations').select(['id', 'nursery_id']).execute()).map(
      (r) => [r.id, r.nursery_id],
    ),
  );
  const trees = await db
    .selectFrom('trees')
    .select(['id', 'drive_id', 'owner_id', 'last_photo_at', 'reservation_id'])
    .where('drive_id', 'is not', null)
    .where('last_photo_at', 'is not', null)
    .where('verification_status', '=', 'unverified')
    .orderBy('last_photo_at')
    .orderBy('id')
    .execute();
  const counts = { verified: 0, rejected: 0 };
  for (const tree of trees) {
    const organiser = organiserOf.get(tree.drive_id!);
    if (!organiser) continue;
    // The organiser, else one of the organisation's admins, else the nursery that supplied it.
    const verifier = [
      organiser.id,
      ...admins.filter((a) => a.organisation_id === organiser.id).map((a) => a.user_id),
      tree.reservation_id ? nurseryOf.get(tree.reservation_id) : undefined,
    ]
      .filter((id): id is string => !!id && id !== tree.owner_id)
      .map((id) => byId.get(id))
      .find((person) => person !== undefined);
    if (!verifier) continue;
    const r = rng(hashSeed(`verify:${tree.id}`));
    const when = Date.parse(tree.last_photo_at!) + r.int(1, 6) * DAY_MS + r.int(0, 600) * 60_000;
    // Photos of the last week wait, as do a few the organiser has not reached yet.
    if (when > now - 60_000 || now - Date.parse(tree.last_photo_at!) < 7 * DAY_MS) continue;
    if (r.chance(0.15)) continue;
    const rejected = r.chance(0.06);
    await seeder.at(when, () =>
      ctx.trees.decideVerification(
        verifier,
        tree.id,
        rejected
          ? { decision: 'rejected', reason: 'photo_unclear' }
          : { decision: 'verified', reason: undefined },
      ),
    );
    counts[rejected ? 'rejected' : 'verified']++;
  }
  return counts;
}
