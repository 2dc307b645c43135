import { describe, expect, it } from 'vitest';
import { DRIVE_LIMITS, DRIVE_MESSAGES } from '../../../contract/drives';
import { FILE_MESSAGES } from '../../../contract/files';
import { GEO_MESSAGES } from '../../../contract/geo';
import { insertUser } from '../../../tests/support/factories';
import { multipartBody, textFileBytes } from '../../../tests/support/images';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveApi, driveImage, sendForm, validForm, NOW, type FormFields } from './drive-test-kit';

describe.each(databaseTargets)('drive form rules on $name', (target) => {
  const h = driveApi(target);
  const { setup, db, corporate, create } = h;

  describe('POST /api/add_drivetreeinfo refusals', () => {
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
        h.app(),
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
        h.app(),
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
      const json = await h.app().inject({
        method: 'POST',
        url: '/api/add_drivetreeinfo',
        headers: me.headers,
        payload: { driveName: 'JSON drive' },
      });
      expect(json.statusCode).toBe(415);

      const noBoundary = await h.app().inject({
        method: 'POST',
        url: '/api/add_drivetreeinfo',
        headers: { ...me.headers, 'content-type': 'multipart/form-data' },
        payload: 'driveName=x',
      });
      expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
      expect(noBoundary.statusCode).toBeLessThan(500);

      const whole = multipartBody([{ name: 'driveName', value: 'Cut short' }]);
      const truncated = whole.payload.subarray(0, whole.payload.length - 12);
      const cut = await h.app().inject({
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
        h.app(),
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
      const twoFiles = await h.app().inject({
        method: 'POST',
        url: '/api/add_drivetreeinfo',
        headers: { ...me.headers, ...body.headers },
        payload: body.payload,
      });
      expect(twoFiles.statusCode).toBe(400);
      expect(await db().selectFrom('drives').selectAll().execute()).toEqual([]);
    });
  });
});
