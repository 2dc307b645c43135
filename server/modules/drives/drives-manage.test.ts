import { describe, expect, it } from 'vitest';
import { DRIVE_MESSAGES } from '../../../contract/drives';
import { insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveApi, driveImage, sendForm, validForm, NOW, type Headers } from './drive-test-kit';

describe.each(databaseTargets)('drive editing and deletion on $name', (target) => {
  const h = driveApi(target);
  const { setup, db, signIn, corporate, create, edit, call, insertDrive, join, noticesOf, clock } =
    h;

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
      const json = await h.app().inject({
        method: 'PUT',
        url: `/api/drives/${drive.id}`,
        headers: owner.headers,
        payload: { driveName: 'JSON' },
      });
      expect(json.statusCode).toBe(415);
      const wrongField = await sendForm(
        h.app(),
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
});
