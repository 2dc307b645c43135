import { afterEach, describe, expect, it } from 'vitest';
import { DRIVE_LIMITS, DRIVE_MESSAGES } from '../../../contract/drives';
import { FILE_MESSAGES } from '../../../contract/files';
import { formatLatLng, GEO_MESSAGES } from '../../../contract/geo';
import { buildDrive, insertUser } from '../../../tests/support/factories';
import { multipartBody, textFileBytes } from '../../../tests/support/images';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewDrive, NewUser } from '../../db/tables';
import { driveImage, insertFile, sendForm, validForm, type FormFields } from './drive-test-kit';

type Headers = Record<string, string>;
const NOW = '2026-06-01T10:00:00.000Z';
const APP_URL = 'https://canopy.example';

describe.each(databaseTargets)('tree drives API on $name', (target) => {
  let t: TestApp;
  const clock = movableClock(NOW);
  afterEach(async () => t?.close());

  const setup = async () => {
    clock.set(NOW);
    t = await buildTestApp(target, { clock, config: { appUrl: APP_URL } });
  };
  const db = () => t.database.db;
  const signIn = (overrides: Partial<NewUser> = {}) => signedInUser(t.app, db(), overrides);
  const corporate = (overrides: Partial<NewUser> = {}) =>
    signIn({ profile_type: 'corporate', name: 'Greenleaf Industries', ...overrides });
  const create = async (headers: Headers, fields: FormFields = validForm(), withImage = true) =>
    sendForm(
      t.app,
      'POST',
      '/api/add_drivetreeinfo',
      headers,
      fields,
      withImage ? { data: await driveImage() } : null,
    );
  const edit = (id: string, headers: Headers, fields: FormFields, image?: Buffer) =>
    sendForm(t.app, 'PUT', `/api/drives/${id}`, headers, fields, image ? { data: image } : null);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}) =>
    t.app.inject({ method, url, headers });
  const insertDrive = async (organizerId: string, overrides: Partial<NewDrive> = {}) => {
    const drive = buildDrive(organizerId, { starts_at: '2026-06-20T08:00:00.000Z', ...overrides });
    await db().insertInto('drives').values(drive).execute();
    return drive;
  };
  const join = (driveId: string, userId: string) =>
    db()
      .insertInto('drive_participants')
      .values({ drive_id: driveId, user_id: userId, joined_at: NOW })
      .execute();
  const noticesOf = (userId: string) =>
    db()
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();

  describe('POST /api/add_drivetreeinfo', () => {
    it('needs a session', async () => {
      await setup();
      const res = await create({});
      expect(res.statusCode).toBe(401);
    });

    it('refuses individual and nursery accounts', async () => {
      await setup();
      for (const profile_type of ['individual', 'nursery'] as const) {
        const me = await signIn({ profile_type });
        const res = await create(me.headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          success: false,
          message: DRIVE_MESSAGES.corporateOnly,
          code: 'FORBIDDEN',
        });
      }
      expect(await db().selectFrom('drives').selectAll().execute()).toEqual([]);
      expect(await db().selectFrom('files').selectAll().execute()).toEqual([]);
    });

    it('stores every field for a corporate account and answers values with labels', async () => {
      await setup();
      const me = await corporate();
      const donor = await insertUser(db(), { profile_type: 'corporate', name: 'Terra Logistics' });
      const res = await create(
        me.headers,
        validForm({
          driveName: '  Monsoon Mangrove Day  ',
          // The client's label is ignored: the server names land donors itself.
          landDonatedBy: ['Somebody Else'],
          landDonatedById: [donor.id],
          treesType: ['1', '2', '2'],
        }),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.message).toBe('New Drive Added!');
      const drive = body.data.data;
      expect(drive).toMatchObject({
        driveName: 'Monsoon Mangrove Day',
        treeQuantity: 400,
        driveDate: '2026-06-10T09:00:00.000Z',
        driveEndDate: '2026-06-10T12:00:00.000Z',
        driveDuration: { value: '3', label: '03:00 hours' },
        country: { value: 'IN', label: 'India' },
        driveLocation: 'Mahim Creek, Mumbai',
        driveLat: 19.0426,
        driveLong: 72.8402,
        driveDesc: 'Planting mangrove propagules along the creek.',
        treeSize: [
          { value: 'packet', label: 'Packet (2 ft – 4 ft)' },
          { value: 'potted', label: 'Potted (5 ft – 7 ft)' },
        ],
        treesType: [
          { value: '1', label: 'Neem' },
          { value: '2', label: 'Aam (Mango)' },
        ],
        treeSponsored: [
          { value: 'Greenleaf Industries', label: 'Greenleaf Industries' },
          { value: 'City Council', label: 'City Council' },
        ],
        landDonatedBy: [{ value: donor.id, label: 'Terra Logistics' }],
        organizer: {
          _id: me.user.id,
          id: me.user.id,
          username: me.user.username,
          name: 'Greenleaf Industries',
          file: '',
        },
        participantCount: 0,
        joined: false,
        isOrganizer: true,
        isPast: false,
        createdAt: NOW,
        updatedAt: NOW,
      });
      expect(drive.id).toBe(drive._id);
      expect(drive.image).toMatch(/^\/api\/files\/[a-f0-9]{64}$/);

      const row = await db()
        .selectFrom('drives')
        .selectAll()
        .where('id', '=', drive.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        organizer_id: me.user.id,
        name: 'Monsoon Mangrove Day',
        tree_quantity: 400,
        starts_at: '2026-06-10T09:00:00.000Z',
        duration_hours: 3,
        country: 'IN',
        location_text: 'Mahim Creek, Mumbai',
        lat: 19.0426,
        lng: 72.8402,
        description: 'Planting mangrove propagules along the creek.',
        reminder_sent_at: null,
      });
      expect(JSON.parse(row.tree_sizes)).toEqual(['packet', 'potted']);
      expect(JSON.parse(row.tree_types)).toEqual([1, 2]);
      expect(JSON.parse(row.sponsors)).toEqual(['Greenleaf Industries', 'City Council']);
      expect(JSON.parse(row.land_donors)).toEqual([donor.id]);

      // The image went through the shared pipeline: re-encoded to WebP and served.
      const file = await call('GET', drive.image, me.headers);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(row.image_file_id).toBe(drive.image.split('/').pop());
    });

    it('names the point when the location text is empty, and defaults the duration to one hour', async () => {
      await setup();
      const me = await corporate();
      const res = await create(
        me.headers,
        validForm({ driveLocation: '   ', driveDuration: undefined, driveLat: '-33.8688' }),
      );
      expect(res.statusCode).toBe(201);
      const drive = res.json().data.data;
      expect(drive.driveLocation).toBe(formatLatLng(-33.8688, 72.8402));
      expect(drive.driveDuration).toEqual({ value: '1', label: '01:00 hours' });
    });

    it('accepts a single value for list fields and `name[]` spellings', async () => {
      await setup();
      const me = await corporate();
      const fields = validForm({ treeSize: undefined, treesType: '70' });
      const res = await create(me.headers, { ...fields, 'treeSize[]': ['potted'] });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.data.treeSize).toEqual([
        { value: 'potted', label: 'Potted (5 ft – 7 ft)' },
      ]);
      expect(res.json().data.data.treesType).toEqual([
        { value: '70', label: 'Amaltas (Indian laburnum)' },
      ]);
    });

    it('accepts "now" a few minutes late (the form default) but not past the grace period', async () => {
      await setup();
      const me = await corporate();
      const graceMs = DRIVE_LIMITS.pastGraceMinutes * 60_000;
      const late = new Date(Date.parse(NOW) - graceMs + 60_000).toISOString();
      expect((await create(me.headers, validForm({ driveDate: late }))).statusCode).toBe(201);
      const tooLate = new Date(Date.parse(NOW) - graceMs - 60_000).toISOString();
      const res = await create(me.headers, validForm({ driveDate: tooLate }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: DRIVE_MESSAGES.dateInPast, field: 'driveDate' });
    });

    const refusals: Array<[string, FormFields, string, string]> = [
      ['no name', { driveName: undefined }, DRIVE_MESSAGES.nameRequired, 'driveName'],
      ['a blank name', { driveName: '   ' }, DRIVE_MESSAGES.nameRequired, 'driveName'],
      ['a long name', { driveName: 'x'.repeat(121) }, DRIVE_MESSAGES.nameTooLong, 'driveName'],
      ['no quantity', { treeQuantity: '' }, DRIVE_MESSAGES.quantityRequired, 'treeQuantity'],
      ['quantity 0', { treeQuantity: '0' }, DRIVE_MESSAGES.quantityInvalid, 'treeQuantity'],
      ['a fraction', { treeQuantity: '2.5' }, DRIVE_MESSAGES.quantityInvalid, 'treeQuantity'],
      [
        'too many trees',
        { treeQuantity: '100001' },
        DRIVE_MESSAGES.quantityInvalid,
        'treeQuantity',
      ],
      ['no date', { driveDate: undefined }, DRIVE_MESSAGES.dateRequired, 'driveDate'],
      ['a bad date', { driveDate: 'next tuesday' }, DRIVE_MESSAGES.dateInvalid, 'driveDate'],
      [
        'a past date',
        { driveDate: '2026-05-01T09:00:00.000Z' },
        DRIVE_MESSAGES.dateInPast,
        'driveDate',
      ],
      [
        'a date 6 years on',
        { driveDate: '2032-06-02T09:00:00.000Z' },
        DRIVE_MESSAGES.dateTooFar,
        'driveDate',
      ],
      ['no country', { country: ' ' }, DRIVE_MESSAGES.countryRequired, 'country'],
      ['an unknown country', { country: 'Narnia' }, DRIVE_MESSAGES.countryUnknown, 'country'],
      [
        'a long location',
        { driveLocation: 'x'.repeat(301) },
        DRIVE_MESSAGES.locationTooLong,
        'driveLocation',
      ],
      [
        'a long description',
        { driveDesc: 'x'.repeat(2001) },
        DRIVE_MESSAGES.descriptionTooLong,
        'driveDesc',
      ],
      [
        'no point',
        { driveLat: undefined, driveLong: undefined },
        DRIVE_MESSAGES.locationRequired,
        'driveLat',
      ],
      ['a blank latitude', { driveLat: '' }, DRIVE_MESSAGES.locationRequired, 'driveLat'],
      [
        'a non-numeric longitude',
        { driveLong: 'east' },
        DRIVE_MESSAGES.locationRequired,
        'driveLong',
      ],
      ['latitude 91', { driveLat: '91' }, GEO_MESSAGES.latRange, 'driveLat'],
      ['latitude -90.5', { driveLat: '-90.5' }, GEO_MESSAGES.latRange, 'driveLat'],
      ['longitude 181', { driveLong: '181' }, GEO_MESSAGES.lonRange, 'driveLong'],
      ['longitude -180.01', { driveLong: '-180.01' }, GEO_MESSAGES.lonRange, 'driveLong'],
      ['no tree size', { treeSize: [] }, DRIVE_MESSAGES.sizeRequired, 'treeSize'],
      ['an unknown size', { treeSize: ['huge'] }, DRIVE_MESSAGES.sizeUnknown, 'treeSize'],
      ['no tree type', { treesType: undefined }, DRIVE_MESSAGES.typeRequired, 'treesType'],
      ['species 71', { treesType: ['1', '71'] }, DRIVE_MESSAGES.typeUnknown, 'treesType'],
      ['species 0', { treesType: ['0'] }, DRIVE_MESSAGES.typeUnknown, 'treesType'],
      [
        '11 sponsors',
        { treeSponsored: Array.from({ length: 11 }, (_, i) => `Sponsor ${i}`) },
        DRIVE_MESSAGES.sponsorsInvalid,
        'treeSponsored',
      ],
      [
        'a long sponsor',
        { treeSponsored: ['x'.repeat(101)] },
        DRIVE_MESSAGES.sponsorsInvalid,
        'treeSponsored',
      ],
      [
        '11 land donors',
        { landDonatedById: Array.from({ length: 11 }, (_, i) => `id-${i}`) },
        DRIVE_MESSAGES.landDonorsInvalid,
        'landDonatedById',
      ],
      [
        'an unknown land donor',
        { landDonatedById: ['nobody'] },
        DRIVE_MESSAGES.landDonorsInvalid,
        'landDonatedById',
      ],
      ['duration 6', { driveDuration: '6' }, DRIVE_MESSAGES.durationUnknown, 'driveDuration'],
    ];
    it.each(refusals)(
      'refuses %s with the contract message',
      async (_label, overrides, message, field) => {
        await setup();
        const me = await corporate();
        const res = await create(me.headers, validForm(overrides));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message, code: 'VALIDATION_FAILED', field });
        expect(await db().selectFrom('drives').selectAll().execute()).toEqual([]);
        // A refused form stores no image.
        expect(await db().selectFrom('files').selectAll().execute()).toEqual([]);
      },
    );

    it('refuses land donors that are not verified, live corporate accounts', async () => {
      await setup();
      const me = await corporate();
      const individual = await insertUser(db(), { profile_type: 'individual' });
      const unverified = await insertUser(db(), { profile_type: 'corporate', verified_at: null });
      const deleted = await insertUser(db(), {
        profile_type: 'corporate',
        deleted_at: '2026-05-01T00:00:00.000Z',
      });
      const good = await insertUser(db(), { profile_type: 'corporate' });
      for (const bad of [individual, unverified, deleted]) {
        const res = await create(me.headers, validForm({ landDonatedById: [good.id, bad.id] }));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(DRIVE_MESSAGES.landDonorsInvalid);
      }
      const ok = await create(me.headers, validForm({ landDonatedById: [good.id, good.id] }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data.data.landDonatedBy).toEqual([{ value: good.id, label: good.name }]);
    });

    it('requires an image, and only real images', async () => {
      await setup();
      const me = await corporate();
      const missing = await create(me.headers, validForm(), false);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        success: false,
        message: DRIVE_MESSAGES.imageRequired,
        code: 'VALIDATION_FAILED',
        field: 'treedriveImage',
      });
      const text = await sendForm(
        t.app,
        'POST',
        '/api/add_drivetreeinfo',
        me.headers,
        validForm(),
        {
          data: textFileBytes(),
          filename: 'tree.png',
          contentType: 'image/png',
        },
      );
      expect(text.statusCode).toBe(400);
      expect(text.json()).toMatchObject({
        message: FILE_MESSAGES.notImage,
        field: 'treedriveImage',
      });
      // An empty, unnamed file part is what a browser sends when nothing was chosen.
      const empty = await sendForm(
        t.app,
        'POST',
        '/api/add_drivetreeinfo',
        me.headers,
        validForm(),
        {
          data: Buffer.alloc(0),
          filename: '',
          contentType: 'application/octet-stream',
        },
      );
      expect(empty.json().message).toBe(DRIVE_MESSAGES.imageRequired);
    });

    it('answers bad multipart with a 4xx, never a 5xx', async () => {
      await setup();
      const me = await corporate();
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/add_drivetreeinfo',
        headers: me.headers,
        payload: { driveName: 'JSON drive' },
      });
      expect(json.statusCode).toBe(415);

      const noBoundary = await t.app.inject({
        method: 'POST',
        url: '/api/add_drivetreeinfo',
        headers: { ...me.headers, 'content-type': 'multipart/form-data' },
        payload: 'driveName=x',
      });
      expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
      expect(noBoundary.statusCode).toBeLessThan(500);

      const whole = multipartBody([{ name: 'driveName', value: 'Cut short' }]);
      const truncated = whole.payload.subarray(0, whole.payload.length - 12);
      const cut = await t.app.inject({
        method: 'POST',
        url: '/api/add_drivetreeinfo',
        headers: {
          ...me.headers,
          'content-type': whole.headers['content-type']!,
          'content-length': String(truncated.length),
        },
        payload: truncated,
      });
      expect(cut.statusCode).toBeGreaterThanOrEqual(400);
      expect(cut.statusCode).toBeLessThan(500);

      const wrongField = await sendForm(
        t.app,
        'POST',
        '/api/add_drivetreeinfo',
        me.headers,
        validForm(),
        {
          data: await driveImage(),
          field: 'image',
        },
      );
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().message).toBe(
        'Please send the image in the "treedriveImage" field.',
      );

      const body = multipartBody([
        {
          name: 'treedriveImage',
          filename: 'a.jpg',
          contentType: 'image/jpeg',
          data: await driveImage(),
        },
        {
          name: 'treedriveImage',
          filename: 'b.jpg',
          contentType: 'image/jpeg',
          data: await driveImage(),
        },
      ]);
      const twoFiles = await t.app.inject({
        method: 'POST',
        url: '/api/add_drivetreeinfo',
        headers: { ...me.headers, ...body.headers },
        payload: body.payload,
      });
      expect(twoFiles.statusCode).toBe(400);
      expect(await db().selectFrom('drives').selectAll().execute()).toEqual([]);
    });
  });

  describe('GET /api/users/coporateuser', () => {
    it('needs a session', async () => {
      await setup();
      expect((await call('GET', '/api/users/coporateuser')).statusCode).toBe(401);
    });

    it('lists verified, live corporate members as label/value, sorted by label', async () => {
      await setup();
      const me = await signIn();
      const b = await insertUser(db(), { profile_type: 'corporate', name: 'brightBank' });
      const a = await insertUser(db(), { profile_type: 'corporate', name: null, username: 'acme' });
      const z = await insertUser(db(), { profile_type: 'corporate', name: 'Zeta Foods' });
      await insertUser(db(), { profile_type: 'corporate', verified_at: null });
      await insertUser(db(), { profile_type: 'corporate', deleted_at: NOW });
      await insertUser(db(), { profile_type: 'nursery' });
      const res = await call('GET', '/api/users/coporateuser', me.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: [
          { value: a.id, label: 'acme' },
          { value: b.id, label: 'brightBank' },
          { value: z.id, label: 'Zeta Foods' },
        ],
      });
    });
  });

  describe('GET /api/drives/:id', () => {
    it('needs a session, and answers 404 for an unknown drive', async () => {
      await setup();
      const organiser = await insertUser(db(), { profile_type: 'corporate' });
      const drive = await insertDrive(organiser.id);
      expect((await call('GET', `/api/drives/${drive.id}`)).statusCode).toBe(401);
      const me = await signIn();
      const res = await call('GET', '/api/drives/no-such-drive', me.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(DRIVE_MESSAGES.notFound);
    });

    it('shows participants with avatars and what the caller is to the drive', async () => {
      await setup();
      const organiser = await insertUser(db(), { profile_type: 'corporate', name: 'Terra' });
      const drive = await insertDrive(organiser.id, { starts_at: '2026-06-01T12:00:00.000Z' });
      const friend = await insertUser(db(), {
        name: 'Wanjiru',
        avatar_file_id: await insertFile(db(), 'a'.repeat(64)),
      });
      const me = await signIn({ name: 'Asha' });
      await join(drive.id, friend.id);
      await join(drive.id, me.user.id);
      const res = await call('GET', `/api/drives/${drive.id}`, me.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json().data;
      expect(body).toMatchObject({
        id: drive.id,
        participantCount: 2,
        joined: true,
        isOrganizer: false,
        isPast: false,
        organizer: { id: organiser.id, name: 'Terra' },
      });
      expect(body.participants).toEqual(
        expect.arrayContaining([
          {
            _id: friend.id,
            id: friend.id,
            username: friend.username,
            name: 'Wanjiru',
            file: `/api/files/${'a'.repeat(64)}`,
          },
          { _id: me.user.id, id: me.user.id, username: me.user.username, name: 'Asha', file: '' },
        ]),
      );
      // Sessions last 8 hours, so the clock moves within one.
      clock.set('2026-06-01T12:00:01.000Z');
      expect((await call('GET', `/api/drives/${drive.id}`, me.headers)).json().data.isPast).toBe(
        true,
      );
    });
  });

  describe('PUT /api/drives/:id', () => {
    const createOne = async (headers: Headers) => {
      const res = await create(headers);
      expect(res.statusCode).toBe(201);
      return res.json().data.data as { id: string; image: string };
    };

    it('needs a session, the organiser, and a known drive', async () => {
      await setup();
      const owner = await corporate();
      const drive = await createOne(owner.headers);
      expect((await edit(drive.id, {}, validForm())).statusCode).toBe(401);
      const other = await corporate({ name: 'Other Corp' });
      const res = await edit(drive.id, other.headers, validForm({ driveName: 'Mine now' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(DRIVE_MESSAGES.organiserOnly);
      expect((await edit('no-such-drive', owner.headers, validForm())).statusCode).toBe(404);
    });

    it('saves the changes, keeps the image when none is sent, and tells participants', async () => {
      await setup();
      const owner = await corporate();
      const drive = await createOne(owner.headers);
      const friend = await insertUser(db());
      await join(drive.id, friend.id);
      await db().updateTable('drives').set({ reminder_sent_at: NOW }).execute();
      clock.advance(60_000);

      const res = await edit(
        drive.id,
        owner.headers,
        validForm({ driveName: 'Mangrove Day (moved)', driveDate: '2026-06-12T09:00:00.000Z' }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(DRIVE_MESSAGES.updated);
      const saved = res.json().data.data;
      expect(saved).toMatchObject({
        driveName: 'Mangrove Day (moved)',
        driveDate: '2026-06-12T09:00:00.000Z',
        image: drive.image,
        participantCount: 1,
        updatedAt: '2026-06-01T10:01:00.000Z',
      });
      // A new date re-arms the day-before reminder.
      const row = await db().selectFrom('drives').selectAll().executeTakeFirstOrThrow();
      expect(row.reminder_sent_at).toBeNull();

      const [notice] = await noticesOf(friend.id);
      expect(notice).toMatchObject({
        kind: 'drive_changed',
        link: `/app/delive-detail/${drive.id}`,
      });
      expect(notice!.body).toContain('Mangrove Day (moved)');
      expect(await noticesOf(owner.user.id)).toEqual([]);
    });

    it('replaces the image and deletes the old one nothing shows any more', async () => {
      await setup();
      const owner = await corporate();
      const drive = await createOne(owner.headers);
      const oldId = drive.image.split('/').pop()!;
      const res = await edit(drive.id, owner.headers, validForm(), await driveImage());
      expect(res.statusCode).toBe(200);
      const image = res.json().data.data.image as string;
      expect(image).not.toBe(drive.image);
      const ids = (await db().selectFrom('files').select('id').execute()).map((f) => f.id);
      expect(ids).toEqual([image.split('/').pop()]);
      expect(ids).not.toContain(oldId);
    });

    it('answers a body that is not multipart with 415, never a 5xx', async () => {
      await setup();
      const owner = await corporate();
      const drive = await createOne(owner.headers);
      const json = await t.app.inject({
        method: 'PUT',
        url: `/api/drives/${drive.id}`,
        headers: owner.headers,
        payload: { driveName: 'JSON' },
      });
      expect(json.statusCode).toBe(415);
      const wrongField = await sendForm(
        t.app,
        'PUT',
        `/api/drives/${drive.id}`,
        owner.headers,
        validForm(),
        { data: await driveImage(), field: 'photo' },
      );
      expect(wrongField.statusCode).toBe(400);
    });

    it('checks every rule again, but lets a past drive keep its date', async () => {
      await setup();
      const owner = await corporate();
      const soon = '2026-06-01T12:00:00.000Z';
      const created = await create(owner.headers, validForm({ driveDate: soon }));
      const drive = created.json().data.data as { id: string };
      const bad = await edit(drive.id, owner.headers, validForm({ treesType: [] }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        message: DRIVE_MESSAGES.typeRequired,
        field: 'treesType',
      });

      clock.set('2026-06-01T15:00:00.000Z');
      const fixNotes = await edit(
        drive.id,
        owner.headers,
        validForm({ driveDate: soon, driveDesc: 'It rained.' }),
      );
      expect(fixNotes.statusCode).toBe(200);
      const moveIntoPast = await edit(
        drive.id,
        owner.headers,
        validForm({ driveDate: '2026-06-01T14:00:00.000Z' }),
      );
      expect(moveIntoPast.statusCode).toBe(400);
      expect(moveIntoPast.json().message).toBe(DRIVE_MESSAGES.dateInPast);
    });
  });

  describe('DELETE /api/drives/:id', () => {
    it('needs a session and the organiser', async () => {
      await setup();
      const organiser = await corporate();
      const drive = await insertDrive(organiser.user.id);
      expect((await call('DELETE', `/api/drives/${drive.id}`)).statusCode).toBe(401);
      const other = await signIn();
      const res = await call('DELETE', `/api/drives/${drive.id}`, other.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(DRIVE_MESSAGES.organiserOnly);
      expect((await call('DELETE', '/api/drives/nope', organiser.headers)).statusCode).toBe(404);
    });

    it('removes the drive and its participants, tells them, and deletes the image', async () => {
      await setup();
      const owner = await corporate();
      const created = await create(owner.headers);
      const drive = created.json().data.data;
      const friend = await insertUser(db());
      await join(drive.id, friend.id);
      const res = await call('DELETE', `/api/drives/${drive.id}`, owner.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: DRIVE_MESSAGES.deleted });
      expect(await db().selectFrom('drives').selectAll().execute()).toEqual([]);
      expect(await db().selectFrom('drive_participants').selectAll().execute()).toEqual([]);
      expect(await db().selectFrom('files').selectAll().execute()).toEqual([]);
      const [notice] = await noticesOf(friend.id);
      expect(notice).toMatchObject({ kind: 'drive_deleted' });
      expect(notice!.body).toContain(drive.driveName);
      expect((await call('GET', `/api/drives/${drive.id}`, owner.headers)).statusCode).toBe(404);
    });
  });

  describe('joining and leaving', () => {
    it('needs a session and a known drive', async () => {
      await setup();
      const organiser = await insertUser(db(), { profile_type: 'corporate' });
      const drive = await insertDrive(organiser.id);
      expect((await call('POST', `/api/drives/${drive.id}/participants`)).statusCode).toBe(401);
      expect((await call('DELETE', `/api/drives/${drive.id}/participants`)).statusCode).toBe(401);
      const me = await signIn();
      expect((await call('POST', '/api/drives/nope/participants', me.headers)).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', '/api/drives/nope/participants', me.headers)).statusCode).toBe(
        404,
      );
    });

    it('joins once however often it is asked, and tells the organiser once', async () => {
      await setup();
      const organiser = await insertUser(db(), { profile_type: 'corporate' });
      const drive = await insertDrive(organiser.id);
      const me = await signIn({ name: 'Asha Menon' });
      for (let i = 0; i < 2; i++) {
        const res = await call('POST', `/api/drives/${drive.id}/participants`, me.headers);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          success: true,
          message: DRIVE_MESSAGES.joined,
          data: { joined: true, participantCount: 1 },
        });
      }
      const notices = await noticesOf(organiser.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        kind: 'drive_joined',
        link: `/app/delive-detail/${drive.id}`,
      });
      expect(notices[0]!.body).toContain('Asha Menon');

      for (let i = 0; i < 2; i++) {
        const res = await call('DELETE', `/api/drives/${drive.id}/participants`, me.headers);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          success: true,
          message: DRIVE_MESSAGES.left,
          data: { joined: false, participantCount: 0 },
        });
      }
      const after = await noticesOf(organiser.id);
      expect(after.map((n) => n.kind)).toEqual(['drive_joined', 'drive_left']);
      expect(after[1]!.body).toContain('Asha Menon');
    });

    it('refuses a past drive and the organiser with 409', async () => {
      await setup();
      const organiser = await corporate();
      const past = await insertDrive(organiser.user.id, { starts_at: '2026-05-20T08:00:00.000Z' });
      const upcoming = await insertDrive(organiser.user.id);
      const me = await signIn();
      const late = await call('POST', `/api/drives/${past.id}/participants`, me.headers);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(DRIVE_MESSAGES.pastDrive);
      const own = await call('POST', `/api/drives/${upcoming.id}/participants`, organiser.headers);
      expect(own.statusCode).toBe(409);
      expect(own.json().message).toBe(DRIVE_MESSAGES.organiserCannotJoin);
      expect(await db().selectFrom('drive_participants').selectAll().execute()).toEqual([]);
    });
  });

  describe('GET /api/drives/mine', () => {
    it('needs a session and a valid `when`', async () => {
      await setup();
      expect((await call('GET', '/api/drives/mine')).statusCode).toBe(401);
      const me = await signIn();
      expect((await call('GET', '/api/drives/mine?when=soon', me.headers)).statusCode).toBe(400);
    });

    it('lists drives I organise and drives I joined, upcoming or past', async () => {
      await setup();
      const me = await corporate();
      const other = await insertUser(db(), { profile_type: 'corporate' });
      const mineSoon = await insertDrive(me.user.id, { starts_at: '2026-06-05T08:00:00.000Z' });
      const mineLater = await insertDrive(me.user.id, { starts_at: '2026-07-05T08:00:00.000Z' });
      const minePast = await insertDrive(me.user.id, { starts_at: '2026-05-05T08:00:00.000Z' });
      const joinedSoon = await insertDrive(other.id, { starts_at: '2026-06-03T08:00:00.000Z' });
      const joinedPast = await insertDrive(other.id, { starts_at: '2026-04-03T08:00:00.000Z' });
      await insertDrive(other.id);
      await join(joinedSoon.id, me.user.id);
      await join(joinedPast.id, me.user.id);

      const upcoming = (await call('GET', '/api/drives/mine', me.headers)).json().data;
      expect(upcoming.organised.map((d: { id: string }) => d.id)).toEqual([
        mineSoon.id,
        mineLater.id,
      ]);
      expect(upcoming.joined.map((d: { id: string }) => d.id)).toEqual([joinedSoon.id]);
      expect(upcoming.joined[0]).toMatchObject({ joined: true, isOrganizer: false });
      expect(upcoming.organised[0]).toMatchObject({ joined: false, isOrganizer: true });

      const past = (await call('GET', '/api/drives/mine?when=past', me.headers)).json().data;
      expect(past.organised.map((d: { id: string }) => d.id)).toEqual([minePast.id]);
      expect(past.joined.map((d: { id: string }) => d.id)).toEqual([joinedPast.id]);
    });
  });

  describe('GET /api/drives/calendar', () => {
    it('needs a session and a valid range', async () => {
      await setup();
      expect(
        (await call('GET', '/api/drives/calendar?from=2026-06-01&to=2026-06-30')).statusCode,
      ).toBe(401);
      const me = await signIn();
      for (const query of [
        'from=2026-06-30&to=2026-06-01',
        'from=june&to=2026-06-30',
        'from=2026-01-01&to=2026-06-30',
        '',
      ])
        expect((await call('GET', `/api/drives/calendar?${query}`, me.headers)).statusCode).toBe(
          400,
        );
    });

    it('shows my drives starting in the range (inclusive days) with a stable theme and my role', async () => {
      await setup();
      const me = await corporate();
      const other = await insertUser(db(), { profile_type: 'corporate' });
      const first = await insertDrive(me.user.id, {
        starts_at: '2026-06-01T00:00:00.000Z',
        duration_hours: 2,
      });
      const joined = await insertDrive(other.id, { starts_at: '2026-06-30T23:30:00.000Z' });
      await insertDrive(me.user.id, { starts_at: '2026-07-01T00:00:00.000Z' });
      await insertDrive(other.id, { starts_at: '2026-06-15T00:00:00.000Z' });
      await join(joined.id, me.user.id);
      const res = await call(
        'GET',
        '/api/drives/calendar?from=2026-06-01&to=2026-06-30',
        me.headers,
      );
      expect(res.statusCode).toBe(200);
      const events = res.json().data;
      expect(events).toEqual([
        {
          id: first.id,
          title: first.name,
          theme: expect.stringMatching(/^(BLUE|GREEN|PURPLE|ORANGE|PINK)$/),
          startTime: '2026-06-01T00:00:00.000Z',
          endTime: '2026-06-01T02:00:00.000Z',
          role: 'organiser',
        },
        expect.objectContaining({ id: joined.id, role: 'participant' }),
      ]);
      const again = (
        await call('GET', '/api/drives/calendar?from=2026-06-01&to=2026-06-30', me.headers)
      ).json().data;
      expect(again.map((e: { theme: string }) => e.theme)).toEqual(
        events.map((e: { theme: string }) => e.theme),
      );
    });
  });

  describe('GET /api/drives/:id/ics', () => {
    it('needs a session and a known drive', async () => {
      await setup();
      const organiser = await insertUser(db(), { profile_type: 'corporate' });
      const drive = await insertDrive(organiser.id);
      expect((await call('GET', `/api/drives/${drive.id}/ics`)).statusCode).toBe(401);
      const me = await signIn();
      expect((await call('GET', '/api/drives/nope/ics', me.headers)).statusCode).toBe(404);
    });

    it('downloads the drive as an iCalendar file', async () => {
      await setup();
      const organiser = await insertUser(db(), { profile_type: 'corporate' });
      const drive = await insertDrive(organiser.id, {
        name: 'Café, Trees; & "More"',
        location_text: 'Lodhi Garden, New Delhi',
        description: 'Bring water.\nWear boots, please; it is muddy.',
      });
      const me = await signIn();
      const res = await call('GET', `/api/drives/${drive.id}/ics`, me.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="cafe-trees-more.ics"');
      expect(res.body).toContain(`UID:${drive.id}@canopy\r\n`);
      expect(res.body).toContain('SUMMARY:Café\\, Trees\\; & "More"\r\n');
      expect(res.body).toContain('DTSTART:20260620T080000Z\r\n');
      expect(res.body).toContain('DTEND:20260620T100000Z\r\n');
      expect(res.body).toContain('GEO:28.593300;77.219700\r\n');
      const unfolded = res.body.replace(/\r\n[ \t]/g, '');
      expect(unfolded).toContain(
        `DESCRIPTION:Bring water.\\nWear boots\\, please\\; it is muddy.\\n\\nDetails: ${APP_URL}/app/delive-detail/${drive.id}`,
      );
    });
  });
});
