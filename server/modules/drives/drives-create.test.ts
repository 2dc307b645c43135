import { describe, expect, it } from 'vitest';
import { DRIVE_MESSAGES } from '../../../contract/drives';
import { formatLatLng } from '../../../contract/geo';
import { insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveApi, validForm, NOW } from './drive-test-kit';

describe.each(databaseTargets)('drive creation on $name', (target) => {
  const h = driveApi(target);
  const { setup, db, signIn, corporate, create, call } = h;

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
  });
});
