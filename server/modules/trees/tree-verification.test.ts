import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { VERIFICATION_MESSAGES } from '../../../contract/tree-verification';
import { databaseTargets } from '../../../tests/support/test-database';
import { queryPlans } from '../../../tests/support/query-plans';
import { VERIFICATION_DRIVES_FILL } from '../../db/migrations/0061-verification-waiting-drives';
import { newId } from '../../lib/ids';
import { photoPlace, distanceM } from './tree-photo-gps';
import { treeVerificationDrives } from './tree-verification-drives.repository';
import { treeVerificationRepository } from './tree-verification.repository';
import { treePhoto, treesTestKit, validTreeForm, type Headers } from './tree-test-kit';

/** The registered point of the kit's form (Lodhi Garden). */
const POINT = { lat: 28.593312, lng: 77.219754 };

/** EXIF GPS as rationals (degrees, minutes, hundredths of seconds). */
function dms(value: number) {
  const v = Math.abs(value);
  const d = Math.floor(v);
  const m = Math.floor((v - d) * 60);
  const s = Math.round(((v - d) * 60 - m) * 60 * 100);
  return `${d}/1 ${m}/1 ${s}/100`;
}

let seed = 0;
/** A real JPEG whose EXIF says it was taken at `lat`, `lng`. */
async function jpegAt(lat: number, lng: number): Promise<Buffer> {
  seed += 1;
  return sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: seed % 256, g: 120, b: 60 } },
  })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'CanopyCam' },
      IFD3: {
        GPSLatitudeRef: lat >= 0 ? 'N' : 'S',
        GPSLatitude: dms(lat),
        GPSLongitudeRef: lng >= 0 ? 'E' : 'W',
        GPSLongitude: dms(lng),
      },
    })
    .toBuffer();
}

describe('a photo GPS distance', () => {
  it('reads EXIF GPS from a real JPEG and measures from the registered point', async () => {
    const place = await photoPlace(await jpegAt(POINT.lat + 0.001, POINT.lng));
    expect(place!.lat).toBeCloseTo(POINT.lat + 0.001, 4);
    expect(distanceM(place!, POINT)).toBeGreaterThan(100);
    expect(distanceM(place!, POINT)).toBeLessThan(120);
    expect(await photoPlace(await treePhoto())).toBeNull();
    expect(await photoPlace(Buffer.from('not an image'))).toBeNull();
  });
});

describe.each(databaseTargets)('tree verification on $name', (target) => {
  const kit = treesTestKit(target);
  beforeEach(() => kit.setup());

  /** An organisation's drive, a planter who joined it, and a tree there with a photo. */
  async function scene(photo?: Buffer | null) {
    const org = await kit.signIn({ profile_type: 'corporate', name: 'Greenleaf Org' });
    const planter = await kit.signIn({ name: 'Pat Planter' });
    const drive = await kit.insertDrive(org.user.id);
    await kit.join(drive.id, planter.user.id);
    const res = await kit.sendForm(
      'POST',
      '/api/trees',
      planter.headers,
      validTreeForm({ driveId: drive.id }),
      photo === null ? null : { data: photo ?? (await jpegAt(POINT.lat, POINT.lng)) },
    );
    expect(res.statusCode).toBe(201);
    const tree = res.json().data.tree as { id: string; verification: Record<string, unknown> };
    return { org, planter, drive, tree };
  }

  const decide = (id: string, headers: Headers, body: object) =>
    kit.call('POST', `/api/trees/${id}/verification`, headers, body);
  const queue = (headers: Headers, query = '') =>
    kit.call('GET', `/api/trees/verification-queue${query}`, headers);

  /** What the tree adds to the map grid, its drive's days and the community's cohorts. */
  async function counted(driveId: string) {
    const db = kit.db();
    const [cells, days, cohorts] = await Promise.all([
      db
        .selectFrom('tree_map_cells')
        .select(['records', 'plants'])
        .where('level', '=', 0)
        .execute(),
      db.selectFrom('tree_drive_days').select('planted').where('drive_id', '=', driveId).execute(),
      db.selectFrom('tree_impact_cohorts').select('plants').execute(),
    ]);
    const sum = (rows: Array<Record<string, unknown>>, key: string) =>
      rows.reduce((n, r) => n + Number(r[key]), 0);
    return {
      mapPlants: sum(cells, 'plants'),
      drivePlanted: sum(days, 'planted'),
      cohortPlants: sum(cohorts, 'plants'),
    };
  }

  it('refuses callers without a session (401)', async () => {
    const { tree } = await scene();
    expect((await decide(tree.id, {}, { decision: 'verified' })).statusCode).toBe(401);
    expect((await queue({})).statusCode).toBe(401);
  });

  it('refuses invalid input (400): an unknown decision, a rejection without reason, a bad cursor', async () => {
    const { org, tree } = await scene();
    const unknown = await decide(tree.id, org.headers, { decision: 'maybe' });
    expect(unknown.statusCode).toBe(400);
    const noReason = await decide(tree.id, org.headers, { decision: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(VERIFICATION_MESSAGES.reasonRequired);
    const badReason = await decide(tree.id, org.headers, {
      decision: 'rejected',
      reason: 'ugly',
    });
    expect(badReason.statusCode).toBe(400);
    expect((await queue(org.headers, '?cursor=nope!')).statusCode).toBe(400);
    expect((await queue(org.headers, '?limit=0')).statusCode).toBe(400);
  });

  it('never lets the planter verify their own tree, nor a stranger or another drive’s nursery', async () => {
    const { planter, tree } = await scene();
    const own = await decide(tree.id, planter.headers, { decision: 'verified' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(VERIFICATION_MESSAGES.ownTree);

    const stranger = await kit.signIn();
    const refused = await decide(tree.id, stranger.headers, { decision: 'verified' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(VERIFICATION_MESSAGES.notAllowed);

    // A nursery that supplied another drive's saplings.
    const nursery = await kit.signIn({ profile_type: 'nursery' });
    const other = await kit.insertDrive((await kit.signIn({ profile_type: 'corporate' })).user.id);
    await supply(nursery.user.id, other.id, other.organizer_id);
    const nurseryRefused = await decide(tree.id, nursery.headers, { decision: 'verified' });
    expect(nurseryRefused.statusCode).toBe(403);
    expect((await queue(nursery.headers)).json().data).toEqual([]);

    expect((await decide(newId(), stranger.headers, { decision: 'verified' })).statusCode).toBe(
      404,
    );
  });

  /** A delivered reservation of the nursery's saplings for the drive; its id. */
  async function supply(nurseryId: string, driveId: string, organiserId: string) {
    const db = kit.db();
    const stockId = newId();
    const at = new Date().toISOString();
    await db
      .insertInto('nursery_stock')
      .values({
        id: stockId,
        nursery_id: nurseryId,
        species_id: 1,
        size: 'packet',
        quantity_available: 100,
        price_minor: 100,
        currency: 'INR',
        pickup_lat: 28.6,
        pickup_lng: 77.2,
        pickup_location_text: 'Nursery',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const id = newId();
    await db
      .insertInto('sapling_reservations')
      .values({
        id,
        drive_id: driveId,
        stock_id: stockId,
        nursery_id: nurseryId,
        organiser_id: organiserId,
        quantity: 10,
        unit_price_minor: 100,
        currency: 'INR',
        status: 'delivered',
        created_at: at,
        updated_at: at,
        delivered_at: at,
      })
      .execute();
    return id;
  }

  it('lets the organisation’s admin verify, names them on the tree and tells the planter', async () => {
    const { org, planter, tree } = await scene();
    expect(tree.verification).toMatchObject({ status: 'unverified', by: null });
    const admin = await kit.signIn({ name: 'Ada Admin' });
    await kit
      .db()
      .insertInto('team_members')
      .values([
        { organisation_id: org.user.id, user_id: org.user.id, role: 'owner', joined_at: 'x' },
        { organisation_id: org.user.id, user_id: admin.user.id, role: 'admin', joined_at: 'x' },
      ])
      .execute();
    const member = await kit.signIn();
    await kit
      .db()
      .insertInto('team_members')
      .values({
        organisation_id: org.user.id,
        user_id: member.user.id,
        role: 'member',
        joined_at: 'x',
      })
      .execute();
    expect((await decide(tree.id, member.headers, { decision: 'verified' })).statusCode).toBe(403);

    const res = await decide(tree.id, admin.headers, { decision: 'verified' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.verification).toMatchObject({
      status: 'verified',
      by: { id: admin.user.id, name: 'Ada Admin' },
      reason: null,
    });
    const seen = await kit.call('GET', `/api/trees/${tree.id}`, planter.headers);
    expect(seen.json().data.tree.verification).toMatchObject({
      status: 'verified',
      by: { id: admin.user.id, name: 'Ada Admin' },
    });
    expect(seen.json().data.tree.verification.at).toEqual(expect.any(String));
    const notices = await kit.noticesOf(planter.user.id);
    expect(notices.some((n) => n.kind === 'tree_verification')).toBe(true);
  });

  it('tells a Hindi planter of a rejection in Hindi (issue 26)', async () => {
    const { org, planter, tree } = await scene();
    await kit
      .db()
      .updateTable('users')
      .set({ locale: 'hi' })
      .where('id', '=', planter.user.id)
      .execute();
    const res = await decide(tree.id, org.headers, {
      decision: 'rejected',
      reason: 'photo_unclear',
    });
    expect(res.statusCode).toBe(200);
    const [notice] = (await kit.noticesOf(planter.user.id)).filter(
      (n) => n.kind === 'tree_verification',
    );
    expect(notice!.title).toMatch(/ सत्यापित नहीं हुआ$/);
    expect(notice!.body).toBe(
      'कारण: फ़ोटो साफ़ नहीं है। पेड़ को फिर से सत्यापन के लिए भेजने के लिए उसकी नई फ़ोटो जोड़िए।',
    );
  });

  it('lets the nursery that supplied the tree’s saplings verify it', async () => {
    const { drive, planter } = await scene();
    const nursery = await kit.signIn({ profile_type: 'nursery' });
    const reservation = await supply(nursery.user.id, drive.id, drive.organizer_id);
    const tree = await kit.insertTree(planter.user.id, {
      drive_id: drive.id,
      reservation_id: reservation,
      last_photo_at: new Date().toISOString(),
    });
    const waiting = (await queue(nursery.headers)).json();
    expect(waiting.data.map((t: { id: string }) => t.id)).toEqual([tree.id]);
    expect(waiting.canVerify).toBe(true);
    const res = await decide(tree.id, nursery.headers, {
      decision: 'rejected',
      reason: 'duplicate',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.verification).toMatchObject({ status: 'rejected', reason: 'duplicate' });
  });

  it('needs a photo less than 12 months old, and a drive', async () => {
    const { org, planter, drive } = await scene(null);
    const mine = await kit.call('GET', '/api/trees/registeredtree', planter.headers);
    const id = mine.json().data[0].id as string;
    const none = await decide(id, org.headers, { decision: 'verified' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(VERIFICATION_MESSAGES.noPhoto);

    const old = await kit.insertTree(planter.user.id, {
      drive_id: drive.id,
      last_photo_at: '2025-05-01T00:00:00.000Z',
    });
    const tooOld = await decide(old.id, org.headers, { decision: 'verified' });
    expect(tooOld.statusCode).toBe(409);
    expect(tooOld.json().message).toBe(VERIFICATION_MESSAGES.photoTooOld);

    const alone = await kit.insertTree(planter.user.id, {
      last_photo_at: '2026-05-30T00:00:00.000Z',
    });
    const notAtDrive = await decide(alone.id, org.headers, { decision: 'verified' });
    expect(notAtDrive.statusCode).toBe(409);
    expect(notAtDrive.json().message).toBe(VERIFICATION_MESSAGES.notAtDrive);

    // A measurement with a photo is a photo too.
    const measured = await kit.sendForm(
      'POST',
      `/api/trees/${id}/measurements`,
      planter.headers,
      { measuredAt: '2026-05-30', heightCm: '40', diameterCm: '1' },
      { data: await jpegAt(POINT.lat + 0.01, POINT.lng), field: 'photo' },
    );
    expect(measured.statusCode).toBe(201);
    const ok = await decide(id, org.headers, { decision: 'verified' });
    expect(ok.statusCode).toBe(200);
    // The measurement photo's GPS was ~1.1 km away.
    expect(ok.json().data.verification.photoDistanceM).toBeGreaterThan(1000);
  });

  it('keeps only the distance of a photo’s GPS and flags it over 200 m in the queue', async () => {
    const { org, planter, drive, tree } = await scene(await jpegAt(POINT.lat, POINT.lng + 0.003));
    expect(tree.verification.photoDistanceM).toBeGreaterThan(250);
    expect(tree.verification.photoDistanceM).toBeLessThan(350);
    const near = await kit.sendForm(
      'POST',
      '/api/trees',
      planter.headers,
      validTreeForm({ driveId: drive.id }),
      { data: await jpegAt(POINT.lat, POINT.lng) },
    );
    expect(near.json().data.tree.verification.photoDistanceM).toBeLessThan(5);

    const first = (await queue(org.headers, '?limit=1')).json();
    expect(first.waiting).toBe(2);
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({
      id: tree.id,
      planter: { name: 'Pat Planter' },
      species: { value: 1 },
      plants: 12,
      distanceFlagged: true,
      drive: { id: drive.id },
    });
    expect(first.data[0].photoUrl).toMatch(/^\/api\/files\//);
    const second = (await queue(org.headers, `?limit=1&cursor=${first.nextCursor}`)).json();
    expect(second.data.map((t: { id: string }) => t.id)).toEqual([near.json().data.tree.id]);
    expect(second.data[0].distanceFlagged).toBe(false);
    expect(second.nextCursor).toBeNull();

    await decide(tree.id, org.headers, { decision: 'verified' });
    const after = (await queue(org.headers)).json();
    expect(after.waiting).toBe(1);
    // No coordinates of a photo are kept anywhere on the tree.
    const row = await kit
      .db()
      .selectFrom('trees')
      .selectAll()
      .where('id', '=', tree.id)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row).filter((k) => /gps|photo_lat|photo_lng/.test(k))).toEqual([]);
    const stranger = await kit.signIn();
    expect((await queue(stranger.headers)).json()).toMatchObject({
      data: [],
      waiting: 0,
      canVerify: false,
    });
  });

  it('takes a rejected tree out of the map and totals, and back once resubmitted and verified', async () => {
    const { org, planter, drive, tree } = await scene();
    const before = await counted(drive.id);
    // Level 0 holds the tree four times (by species and status, and each of them any).
    expect(before).toEqual({ mapPlants: 48, drivePlanted: 12, cohortPlants: 12 });

    const rejected = await decide(tree.id, org.headers, {
      decision: 'rejected',
      reason: 'wrong_place',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await counted(drive.id)).toEqual({ mapPlants: 0, drivePlanted: 0, cohortPlants: 0 });
    const map = await kit.call(
      'GET',
      '/api/trees/map?zoom=17&bbox=77.2,28.5,77.3,28.7',
      org.headers,
    );
    expect(map.json().data).toEqual([]);
    expect((await queue(org.headers)).json().waiting).toBe(0);

    // The planter still sees it in My trees and on its page, with the reason, and resubmits.
    const list = await kit.call('GET', '/api/trees/registeredtree', planter.headers);
    expect(list.json().total).toBe(1);
    expect(list.json().data[0].verification).toMatchObject({ status: 'rejected' });
    const mine = await kit.call('GET', `/api/trees/${tree.id}`, planter.headers);
    expect(mine.json().data.tree.verification).toMatchObject({
      status: 'rejected',
      reason: 'wrong_place',
    });
    const resubmitted = await kit.sendForm(
      'PATCH',
      `/api/trees/${tree.id}`,
      planter.headers,
      {},
      { data: await jpegAt(POINT.lat, POINT.lng) },
    );
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().data.tree.verification).toMatchObject({
      status: 'unverified',
      by: null,
      reason: null,
    });
    expect((await queue(org.headers)).json().waiting).toBe(1);
    expect(await counted(drive.id)).toEqual(before);

    // Rejected again, then verified: it counts once more.
    await decide(tree.id, org.headers, { decision: 'rejected', reason: 'dead' });
    expect((await counted(drive.id)).mapPlants).toBe(0);
    await decide(tree.id, org.headers, { decision: 'verified' });
    expect(await counted(drive.id)).toEqual(before);
    const shown = await kit.call(
      'GET',
      '/api/trees/map?zoom=17&bbox=77.2,28.5,77.3,28.7',
      org.headers,
    );
    expect(shown.json().data.map((t: { id: string }) => t.id)).toEqual([tree.id]);
  });

  /** `tree_verification_drives` as kept, and as made again from the trees (0061's fill). */
  async function keptAndRebuilt() {
    const db = kit.db();
    const read = async () =>
      (
        await db
          .selectFrom('tree_verification_drives')
          .select(['drive_id', 'organiser_id', 'waiting'])
          .orderBy('drive_id')
          .execute()
      ).map((r) => ({ ...r, waiting: Number(r.waiting) }));
    const kept = await read();
    for (const statement of VERIFICATION_DRIVES_FILL) await sql.raw(statement).execute(db);
    return { kept, rebuilt: await read() };
  }

  it('keeps each drive’s count of waiting trees in the writes that change it (0061)', async () => {
    const { org, planter, drive, tree } = await scene();
    let both = await keptAndRebuilt();
    expect(both.kept).toEqual([{ drive_id: drive.id, organiser_id: org.user.id, waiting: 1 }]);
    expect(both.kept).toEqual(both.rebuilt);
    // A tree without a photo does not wait; a second one with a photo does.
    await kit.sendForm('POST', '/api/trees', planter.headers, validTreeForm({ driveId: drive.id }));
    const second = await kit.sendForm(
      'POST',
      '/api/trees',
      planter.headers,
      validTreeForm({ driveId: drive.id }),
      { data: await jpegAt(POINT.lat, POINT.lng) },
    );
    both = await keptAndRebuilt();
    expect(both.kept[0]!.waiting).toBe(2);
    expect(both.kept).toEqual(both.rebuilt);
    // Rejected, resubmitted with a new photo, verified.
    await decide(tree.id, org.headers, { decision: 'rejected', reason: 'photo_unclear' });
    expect((await keptAndRebuilt()).kept[0]!.waiting).toBe(1);
    await kit.sendForm(
      'PATCH',
      `/api/trees/${tree.id}`,
      planter.headers,
      {},
      {
        data: await jpegAt(POINT.lat, POINT.lng),
      },
    );
    both = await keptAndRebuilt();
    expect(both.kept[0]!.waiting).toBe(2);
    expect(both.kept).toEqual(both.rebuilt);
    await decide(tree.id, org.headers, { decision: 'verified' });
    // The last waiting tree deleted: the drive's row goes.
    const secondId = second.json().data.tree.id as string;
    expect((await kit.call('DELETE', `/api/trees/${secondId}`, planter.headers)).statusCode).toBe(
      200,
    );
    both = await keptAndRebuilt();
    expect(both.kept).toEqual([]);
    expect(both.rebuilt).toEqual([]);
    expect((await queue(org.headers)).json()).toMatchObject({ waiting: 0, canVerify: true });
  });

  it('pages the queue over the drives with waiting trees only, as a scan of the trees orders them', async () => {
    const org = await kit.signIn({ profile_type: 'corporate' });
    const planter = await kit.signIn();
    const drives = [];
    for (let i = 0; i < 12; i++) drives.push(await kit.insertDrive(org.user.id));
    for (let i = 0; i < 40; i++)
      await kit.insertTree(planter.user.id, {
        drive_id: drives[(i * 7) % 5]!.id,
        last_photo_at: i % 4 === 3 ? null : '2026-05-30T00:00:00.000Z',
        verification_status: i % 6 === 0 ? 'verified' : 'unverified',
      });
    // Rows inserted behind the repository's back: made again as fixtures and the builder do.
    for (const statement of VERIFICATION_DRIVES_FILL) await sql.raw(statement).execute(kit.db());
    const scan = (
      await kit
        .db()
        .selectFrom('trees')
        .select('id')
        .where('verification_status', '=', 'unverified')
        .where('last_photo_at', 'is not', null)
        .where(
          'drive_id',
          'in',
          drives.map((d) => d.id),
        )
        .orderBy('drive_id')
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
    expect(scan.length).toBeGreaterThan(10);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await queue(
        org.headers,
        `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.statusCode).toBe(200);
      expect(page.json().waiting).toBe(scan.length);
      seen.push(...page.json().data.map((t: { id: string }) => t.id));
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(scan);
  });

  it('reads the queue and its count on the partial index of waiting trees', async () => {
    const org = await kit.signIn({ profile_type: 'corporate' });
    const planter = await kit.signIn();
    const drives = [await kit.insertDrive(org.user.id), await kit.insertDrive(org.user.id)];
    for (let i = 0; i < 60; i++)
      await kit.insertTree(planter.user.id, {
        drive_id: drives[i % 2]!.id,
        last_photo_at: i % 3 === 0 ? '2026-05-30T00:00:00.000Z' : null,
        verification_status: i % 5 === 0 ? 'verified' : 'unverified',
      });
    const postgres = target.name !== 'sqlite';
    for (const statement of VERIFICATION_DRIVES_FILL) await sql.raw(statement).execute(kit.db());
    if (postgres) await sql`analyze trees`.execute(kit.db());
    const { plans } = await queryPlans(kit.db(), async (caught) => {
      const repo = treeVerificationRepository(caught);
      const keys = drives.map((d) => d.id).sort();
      expect(await repo.waitingAfter('drive_id', keys, null, 5)).toHaveLength(5);
      expect(await repo.countWaiting('drive_id', keys, 100)).toBe(16);
      // The organiser's drives with waiting trees, and their count (0061).
      const kept = treeVerificationDrives(caught);
      expect(await kept.drivesAfter([org.user.id], null, 500)).toHaveLength(2);
      expect(await kept.waitingOf([org.user.id])).toBe(16);
    });
    expect(plans).toHaveLength(4);
    for (const plan of plans.slice(0, 2)) expect(plan).toContain('trees_verification_drive_idx');
    for (const plan of plans.slice(2))
      expect(plan).toContain('tree_verification_drives_organiser_idx');
  });
});
