import { beforeEach, describe, expect, it } from 'vitest';
import {
  DRIVE_UPDATE_MESSAGES,
  driveUpdateListResponseSchema,
  driveUpdatesPath,
  type DriveUpdate,
} from '../../../contract/drive-updates';
import { FILE_MESSAGES } from '../../../contract/files';
import { buildDonation, buildDrive } from '../../../tests/support/factories';
import { buildJpeg, buildPng, multipartBody } from '../../../tests/support/images';
import { noticesOf } from '../../../tests/support/notices';
import { signedInUser, TEST_PASSWORD } from '../../../tests/support/signed-in';
import { databaseTargets } from '../../../tests/support/test-database';
import { useTestApp } from '../../../tests/support/use-test-app';
import type { NewUser } from '../../db/tables';
import { newId } from '../../lib/ids';

const NOW = '2026-06-01T10:00:00.000Z';
type Headers = Record<string, string>;
type Photo = { data: Buffer; filename?: string; contentType?: string };

let seed = 0;
const photo = async (): Promise<Photo> => ({
  data: await buildJpeg({ width: 48, height: 32, seed: ++seed }),
});

describe.each(databaseTargets)('drive updates ($name)', (target) => {
  const kit = useTestApp(target, NOW, { config: { rateLimitMultiplier: 100 } });
  const db = () => kit.t.database.db;
  const signIn = (overrides: Partial<NewUser> = {}) => signedInUser(kit.app, db(), overrides);

  /** `POST /api/drives/{id}/updates` as multipart: `text` (left out when undefined) and photos. */
  const post = (
    driveId: string,
    headers: Headers,
    text: string | undefined,
    photos: Photo[] = [],
  ) => {
    const body = multipartBody([
      ...(text === undefined ? [] : [{ name: 'text', value: text }]),
      ...photos.map((p, i) => ({
        name: 'photos',
        filename: p.filename ?? `field-${i}.jpg`,
        contentType: p.contentType ?? 'image/jpeg',
        data: p.data,
      })),
    ]);
    return kit.app.inject({
      method: 'POST',
      url: `/api/drives/${driveId}/updates`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const list = (driveId: string, headers: Headers, query = '') =>
    kit.app.inject({ method: 'GET', url: `/api/drives/${driveId}/updates${query}`, headers });

  let organiser: Awaited<ReturnType<typeof signIn>>;
  let driveId: string;

  beforeEach(async () => {
    await kit.start();
    organiser = await signIn({ profile_type: 'corporate', name: 'Acme Trees Ltd' });
    const drive = buildDrive(organiser.user.id, { name: 'Lodhi Garden planting' });
    await db().insertInto('drives').values(drive).execute();
    driveId = drive.id;
  });

  /** A nursery with a reservation for the drive in `status`. */
  async function nurseryWith(status: 'requested' | 'confirmed' | 'delivered' | 'cancelled') {
    const nursery = await signIn({ profile_type: 'nursery', name: 'Green Roots Nursery' });
    const stockId = newId();
    await db()
      .insertInto('nursery_stock')
      .values({
        id: stockId,
        nursery_id: nursery.user.id,
        species_id: 1,
        size: 'packet',
        quantity_available: 50,
        price_minor: 100,
        currency: 'USD',
        pickup_lat: 1,
        pickup_lng: 1,
        pickup_location_text: 'The nursery gate',
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    await db()
      .insertInto('sapling_reservations')
      .values({
        id: newId(),
        drive_id: driveId,
        stock_id: stockId,
        nursery_id: nursery.user.id,
        organiser_id: organiser.user.id,
        quantity: 10,
        unit_price_minor: 100,
        currency: 'USD',
        status,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    return nursery;
  }

  async function teamMember(role: 'owner' | 'admin' | 'member') {
    const member = await signIn({ name: `Team ${role}` });
    await db()
      .insertInto('team_members')
      .values({
        organisation_id: organiser.user.id,
        user_id: member.user.id,
        role,
        joined_at: NOW,
      })
      .execute();
    return member;
  }

  const join = (userId: string) =>
    db()
      .insertInto('drive_participants')
      .values({ drive_id: driveId, user_id: userId, joined_at: NOW })
      .execute();

  it('refuses nobody (401), another member (403), an unknown drive (404)', async () => {
    const nobody = await post(driveId, {}, 'Hello');
    expect(nobody.statusCode).toBe(401);
    expect((await list(driveId, {})).statusCode).toBe(401);

    const stranger = await signIn();
    const refused = await post(driveId, stranger.headers, 'Not mine', [await photo()]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(DRIVE_UPDATE_MESSAGES.notAllowed);

    // A participant, a team's plain member, and a nursery whose reservation is only requested or
    // cancelled may read but not post.
    await join(stranger.user.id);
    const plainMember = await teamMember('member');
    const asked = await nurseryWith('requested');
    const cancelled = await nurseryWith('cancelled');
    for (const who of [stranger, plainMember, asked, cancelled]) {
      expect((await post(driveId, who.headers, 'Me too')).statusCode).toBe(403);
      const read = await list(driveId, who.headers);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ data: [], canPost: false, nextCursor: null });
    }

    const unknown = newId();
    expect((await post(unknown, organiser.headers, 'Lost')).statusCode).toBe(404);
    expect((await list(unknown, stranger.headers)).statusCode).toBe(404);
    expect(await db().selectFrom('drive_updates').selectAll().execute()).toEqual([]);
  });

  it('refuses invalid input with the contract’s messages', async () => {
    const cases: Array<[string, Awaited<ReturnType<typeof post>>, number, string, string]> = [
      [
        'no text',
        await post(driveId, organiser.headers, undefined),
        400,
        DRIVE_UPDATE_MESSAGES.textRequired,
        'text',
      ],
      [
        'blank text',
        await post(driveId, organiser.headers, '   \n '),
        400,
        DRIVE_UPDATE_MESSAGES.textRequired,
        'text',
      ],
      [
        '2,001 characters',
        await post(driveId, organiser.headers, 'a'.repeat(2001)),
        400,
        DRIVE_UPDATE_MESSAGES.textTooLong,
        'text',
      ],
      [
        'five photos',
        await post(
          driveId,
          organiser.headers,
          'Five',
          await Promise.all([1, 2, 3, 4, 5].map(photo)),
        ),
        400,
        DRIVE_UPDATE_MESSAGES.tooManyPhotos,
        'photos',
      ],
      [
        'not an image',
        await post(driveId, organiser.headers, 'A text file', [
          { data: Buffer.from('just some text, not a picture'), filename: 'notes.jpg' },
        ]),
        400,
        FILE_MESSAGES.notImage,
        'photos',
      ],
      [
        'over 5 MB',
        await post(driveId, organiser.headers, 'Huge', [
          { data: Buffer.alloc(5 * 1024 * 1024 + 1, 1), filename: 'huge.jpg' },
        ]),
        413,
        FILE_MESSAGES.tooLarge,
        'photos',
      ],
    ];
    for (const [name, res, status, message, field] of cases) {
      expect({ name, status: res.statusCode, body: res.json() }).toMatchObject({
        name,
        status,
        body: { success: false, message, field },
      });
    }
    const json = await kit.app.inject({
      method: 'POST',
      url: `/api/drives/${driveId}/updates`,
      headers: organiser.headers,
      payload: { text: 'As JSON' },
    });
    expect(json.statusCode).toBe(415);
    expect(await db().selectFrom('drive_updates').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('files').selectAll().execute()).toEqual([]);

    // Exactly 2,000 characters (after trimming) and four photos are fine.
    const full = await post(
      driveId,
      organiser.headers,
      `  ${'b'.repeat(2000)}  `,
      await Promise.all([1, 2, 3, 4].map(photo)),
    );
    expect(full.statusCode).toBe(201);
    expect(full.json().data.text).toBe('b'.repeat(2000));
    expect(full.json().data.photos).toHaveLength(4);
  });

  it('lets the organiser, a team owner or admin, and a supplying nursery post; lists newest first', async () => {
    const admin = await teamMember('admin');
    const owner = await teamMember('owner');
    const confirmed = await nurseryWith('confirmed');
    const delivered = await nurseryWith('delivered');
    const png = { data: await buildPng(30, 20, 3), filename: 'x.png', contentType: 'image/png' };

    const posted: DriveUpdate[] = [];
    for (const [who, text, photos] of [
      [organiser, 'We planted 120 neem saplings today.', [await photo(), png]],
      [admin, 'Watering rota is up.', []],
      [owner, 'Thank you all!', []],
      [confirmed, 'Saplings handed over at the gate.', [await photo()]],
      [delivered, 'Second batch delivered.', []],
    ] as const) {
      kit.clock.advance(60_000);
      const res = await post(driveId, who.headers, text, [...photos]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(DRIVE_UPDATE_MESSAGES.posted);
      posted.push(res.json().data as DriveUpdate);
    }
    expect(posted.map((u) => [u.author.name, u.role])).toEqual([
      ['Acme Trees Ltd', 'organiser'],
      ['Team admin', 'team'],
      ['Team owner', 'team'],
      ['Green Roots Nursery', 'nursery'],
      ['Green Roots Nursery', 'nursery'],
    ]);
    const first = posted[0]!;
    expect(first.photos).toHaveLength(2);
    expect(first.createdAt).toBe('2026-06-01T10:01:00.000Z');
    // Photos go through the image pipeline: served as WebP from /api/files.
    for (const p of first.photos) {
      expect(p.url).toBe(`/api/files/${p.id}`);
      const file = await kit.app.inject({ method: 'GET', url: p.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }

    // Any member reads them, newest first, paged by cursor.
    const reader = await signIn();
    const page1 = await list(driveId, reader.headers, '?limit=2');
    expect(page1.statusCode).toBe(200);
    const body1 = driveUpdateListResponseSchema.parse(page1.json());
    expect(body1.canPost).toBe(false);
    expect(body1.data.map((u) => u.text)).toEqual([
      'Second batch delivered.',
      'Saplings handed over at the gate.',
    ]);
    const page2 = driveUpdateListResponseSchema.parse(
      (await list(driveId, reader.headers, `?limit=2&before=${body1.nextCursor}`)).json(),
    );
    expect(page2.data.map((u) => u.role)).toEqual(['team', 'team']);
    const page3 = driveUpdateListResponseSchema.parse(
      (await list(driveId, reader.headers, `?limit=2&before=${page2.nextCursor}`)).json(),
    );
    expect(page3.data).toEqual([first]);
    expect(page3.nextCursor).toBeNull();

    for (const who of [organiser, admin, owner, confirmed])
      expect((await list(driveId, who.headers)).json().canPost).toBe(true);
    expect((await list(driveId, reader.headers, '?before=nonsense')).statusCode).toBe(400);
    expect((await list(driveId, reader.headers, '?limit=101')).statusCode).toBe(400);
  });

  it('tells every participant and donor once, not the author, by a job', async () => {
    const walker = await signIn({ name: 'Walker' });
    const giver = await signIn({ name: 'Giver' });
    const hidden = await signIn({ name: 'Hidden giver' });
    const both = await signIn({ name: 'Joined and gave' });
    const pending = await signIn({ name: 'Has not paid' });
    const elsewhere = await signIn({ name: 'Gave elsewhere' });
    const admin = await teamMember('admin');
    for (const u of [walker, both, admin]) await join(u.user.id);
    const gifts = [
      buildDonation(giver.user.id, { drive_id: driveId, kind: 'trees', trees: 3 }),
      buildDonation(giver.user.id, { drive_id: driveId }),
      buildDonation(hidden.user.id, { drive_id: driveId, anonymous: 1 }),
      buildDonation(both.user.id, { drive_id: driveId }),
      buildDonation(pending.user.id, { drive_id: driveId, status: 'pending' }),
      buildDonation(elsewhere.user.id),
    ];
    await db().insertInto('donations').values(gifts).execute();

    // The team admin posts: the organiser is neither participant nor donor; the admin is not told.
    const res = await post(driveId, admin.headers, 'Day one done: 80 saplings in the ground.', [
      await photo(),
    ]);
    expect(res.statusCode).toBe(201);
    await kit.t.idle();

    const notice = {
      kind: 'drive_update',
      title: 'News from "Lodhi Garden planting"',
      body: 'Team admin: Day one done: 80 saplings in the ground.',
      link: driveUpdatesPath(driveId),
    };
    for (const u of [walker, giver, hidden, both]) {
      const notices = await noticesOf(db(), u.user.id, 'drive_update');
      expect(notices, u.user.name ?? '').toHaveLength(1);
      expect(notices[0]).toMatchObject(notice);
    }
    for (const u of [admin, organiser, pending, elsewhere])
      expect(await noticesOf(db(), u.user.id, 'drive_update')).toEqual([]);

    // The job running again (a retry, a duplicate) tells nobody twice.
    const updateId = (res.json().data as DriveUpdate).id;
    expect(await kit.t.services.driveUpdates.sendNotices({ updateId })).toBe(0);
    expect(await noticesOf(db(), walker.user.id, 'drive_update')).toHaveLength(1);
    const row = await db()
      .selectFrom('drive_updates')
      .select('notices_sent_at')
      .where('id', '=', updateId)
      .executeTakeFirstOrThrow();
    expect(row.notices_sent_at).toBe(NOW);

    // The participant reads it through the notifications API too.
    const mine = await kit.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: walker.headers,
    });
    expect(mine.json().data[0]).toMatchObject(notice);
  });

  it('tells each reader in their own language (issue 26)', async () => {
    const spanish = await signIn({ name: 'Lucía', locale: 'es' });
    const hindi = await signIn({ name: 'Asha', locale: 'hi' });
    await join(spanish.user.id);
    await db()
      .insertInto('donations')
      .values(buildDonation(hindi.user.id, { drive_id: driveId }))
      .execute();
    expect((await post(driveId, organiser.headers, 'Saplings arrived.')).statusCode).toBe(201);
    await kit.t.idle();
    const [es] = await noticesOf(db(), spanish.user.id, 'drive_update');
    expect(es).toMatchObject({ title: 'Novedades de «Lodhi Garden planting»' });
    expect(es!.body).toMatch(/: Saplings arrived\.$/);
    const [hi] = await noticesOf(db(), hindi.user.id, 'drive_update');
    expect(hi).toMatchObject({ title: '"Lodhi Garden planting" से नई ख़बर' });
  });

  it('updatesForDrives: several drives newest first, paged by cursor or instant', async () => {
    const other = buildDrive(organiser.user.id, { name: 'Second drive' });
    await db().insertInto('drives').values(other).execute();
    const texts: string[] = [];
    for (const [i, id] of [driveId, other.id, driveId, other.id].entries()) {
      kit.clock.advance(60_000);
      texts.push(`Update ${i}`);
      expect((await post(id, organiser.headers, `Update ${i}`)).statusCode).toBe(201);
    }
    const service = kit.t.services.driveUpdates;
    const all = await service.updatesForDrives([driveId, other.id, newId()], { limit: 3 });
    expect(all.updates.map((u) => u.text)).toEqual(['Update 3', 'Update 2', 'Update 1']);
    expect(all.nextCursor).not.toBeNull();
    const older = await service.updatesForDrives([other.id], {
      before: { createdAt: all.updates[0]!.createdAt },
      limit: 10,
    });
    expect(older.updates.map((u) => [u.text, u.driveId])).toEqual([['Update 1', other.id]]);
    expect((await service.updatesForDrives([], { limit: 10 })).updates).toEqual([]);
  });

  it('removes a deleted account’s updates and photos, and a deleted drive’s', async () => {
    const admin = await teamMember('admin');
    const shared = await photo();
    const mine = await post(driveId, admin.headers, 'From the admin', [await photo(), shared]);
    const theirs = await post(driveId, organiser.headers, 'From the organiser', [shared]);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    await kit.t.idle();
    const [adminOwn, sharedPhoto] = (mine.json().data as DriveUpdate).photos;

    const gone = await kit.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: admin.headers,
      payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const left = (await list(driveId, organiser.headers)).json().data as DriveUpdate[];
    expect(left.map((u) => u.text)).toEqual(['From the organiser']);
    // The admin's own photo is discarded; the one the organiser's update shows stays.
    expect((await kit.app.inject({ method: 'GET', url: adminOwn!.url })).statusCode).toBe(404);
    expect((await kit.app.inject({ method: 'GET', url: sharedPhoto!.url })).statusCode).toBe(200);

    const deleted = await kit.app.inject({
      method: 'DELETE',
      url: `/api/drives/${driveId}`,
      headers: organiser.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db().selectFrom('drive_updates').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('drive_update_photos').selectAll().execute()).toEqual([]);
    expect((await kit.app.inject({ method: 'GET', url: sharedPhoto!.url })).statusCode).toBe(404);
  });
});
