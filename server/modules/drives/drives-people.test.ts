import { describe, expect, it } from 'vitest';
import {
  DRIVE_CURSOR_MESSAGES,
  DRIVE_MESSAGES,
  MY_DRIVES_MESSAGES,
} from '../../../contract/drives';
import { insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveApi, insertFile, NOW } from './drive-test-kit';

describe.each(databaseTargets)('drive people on $name', (target) => {
  const h = driveApi(target);
  const { setup, db, signIn, corporate, call, insertDrive, join, noticesOf, clock } = h;

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
      // The organiser's unread notice about the drive is updated, not joined by a second one.
      const after = await noticesOf(organiser.id);
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({
        kind: 'drive_left',
        title: 'People joined or left your drive',
        link: `/app/delive-detail/${drive.id}`,
      });
      expect(after[0]!.body).toContain('2 joins and leaves');
      expect(after[0]!.body).toContain('Asha Menon left');
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

    it('pages each list by keyset: `part` and the list’s `nextCursor`, no repeats, no gaps', async () => {
      await setup();
      const me = await corporate();
      const other = await insertUser(db(), { profile_type: 'corporate' });
      const day = (n: number, hour = 8) =>
        new Date(
          Date.parse('2026-06-02T00:00:00.000Z') + n * 86_400_000 + hour * 3_600_000,
        ).toISOString();
      // Two drives at the same moment: the id breaks the tie.
      const organised = [];
      for (let n = 0; n < 7; n++)
        organised.push(await insertDrive(me.user.id, { starts_at: day(n) }));
      organised.push(await insertDrive(me.user.id, { starts_at: day(3) }));
      const joined = [];
      for (let n = 0; n < 5; n++) {
        const d = await insertDrive(other.id, { starts_at: day(-n - 1) });
        await join(d.id, me.user.id);
        joined.push(d);
      }
      type Page = {
        data: Record<string, { id: string }[]>;
        nextCursor: Record<string, string | null>;
      };
      const walk = async (when: string, part: string) => {
        const ids: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const res = await call(
            'GET',
            `/api/drives/mine?when=${when}&part=${part}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
            me.headers,
          );
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json() as Page;
          expect(body.data[part === 'organised' ? 'joined' : 'organised']).toEqual([]);
          ids.push(...body.data[part]!.map((d) => d.id));
          cursor = body.nextCursor[part]!;
          pages++;
        } while (cursor);
        return { ids, pages };
      };
      const byStart = (a: { starts_at: string; id: string }, b: typeof a) =>
        a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id);
      expect(await walk('upcoming', 'organised')).toEqual({
        ids: [...organised].sort(byStart).map((d) => d.id),
        pages: 3,
      });
      expect(await walk('past', 'joined')).toEqual({
        ids: [...joined]
          .sort(byStart)
          .reverse()
          .map((d) => d.id),
        pages: 2,
      });

      // Both lists' first pages by default (12 each), each with its own cursor.
      const first = (await call('GET', '/api/drives/mine?limit=2', me.headers)).json() as Page;
      expect(first.data.organised).toHaveLength(2);
      expect(first.nextCursor.organised).toEqual(expect.any(String));
      expect(first.nextCursor.joined).toBeNull();
    });

    it('refuses a bad cursor, a cursor without `part` and one of the other list', async () => {
      await setup();
      const me = await corporate();
      for (let n = 0; n < 3; n++)
        await insertDrive(me.user.id, { starts_at: `2026-06-0${n + 2}T08:00:00.000Z` });
      const first = await call('GET', '/api/drives/mine?part=organised&limit=1', me.headers);
      const cursor = first.json().nextCursor.organised as string;
      const refusals: Array<[string, string]> = [
        [`/api/drives/mine?part=organised&cursor=nonsense`, DRIVE_CURSOR_MESSAGES.invalid],
        [`/api/drives/mine?cursor=${cursor}`, MY_DRIVES_MESSAGES.cursorNeedsPart],
        [
          `/api/drives/mine?when=past&part=organised&cursor=${cursor}`,
          DRIVE_CURSOR_MESSAGES.otherList,
        ],
        ['/api/drives/mine?part=everything', 'part must be organised or joined.'],
        ['/api/drives/mine?limit=500', 'limit must be between 1 and 100.'],
      ];
      for (const [url, message] of refusals) {
        const res = await call('GET', url, me.headers);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toBe(message);
      }
      // Another member's cursor only says where a list starts: it reads the caller's own drives.
      const stranger = await signIn();
      const theirs = await call(
        'GET',
        `/api/drives/mine?part=organised&cursor=${cursor}`,
        stranger.headers,
      );
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().data.organised).toEqual([]);
    });
  });
});
