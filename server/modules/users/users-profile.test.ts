import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/auth';
import { PROFILE_MESSAGES } from '../../../contract/users';
import { buildDrive, buildTree, insertUser } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { profileBody, useProfilesApi } from './users-test-kit';

describe.each(databaseTargets)('people and profiles API on $name', (target) => {
  const kit = useProfilesApi(target);
  const { setup, signIn, request, search } = kit;

  describe('profile search', () => {
    it('needs a session', async () => {
      await setup();
      expect((await search('map')).statusCode).toBe(401);
    });

    it('matches username or name case-insensitively from 3 characters, excluding me and unverified or deleted members', async () => {
      await setup();
      const me = await signIn({ username: 'maplefan', name: 'Maple Me' });
      const a = await insertUser(kit.db, { username: 'MapleLeaf', name: 'Ada' });
      const b = await insertUser(kit.db, { username: 'oak', name: 'Sugar maple grower' });
      await insertUser(kit.db, { username: 'mapleghost', verified_at: null });
      await insertUser(kit.db, {
        username: 'maplegone',
        deleted_at: '2026-01-02T00:00:00.000Z',
      });
      await insertUser(kit.db, { username: 'birch', name: 'Birch' });

      const res = await search('  MAP ', me.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.data).toEqual(
        expect.arrayContaining([
          { _id: a.id, id: a.id, username: 'MapleLeaf', name: 'Ada' },
          { _id: b.id, id: b.id, username: 'oak', name: 'Sugar maple grower' },
        ]),
      );
      expect(body.data).toHaveLength(2);
      // Only public fields: never an email or a hash.
      expect(Object.keys(body.data[0]).sort()).toEqual(['_id', 'id', 'name', 'username']);
    });

    it('answers an empty list below 3 trimmed characters and caps results at 10', async () => {
      await setup();
      const me = await signIn();
      for (let i = 0; i < 12; i++) await insertUser(kit.db, { username: `willow${i}` });
      expect((await search('wi', me.headers)).json()).toEqual({ success: true, data: [] });
      expect((await search('  w  ', me.headers)).json().data).toEqual([]);
      expect((await search('', me.headers)).json().data).toEqual([]);
      expect((await search('willow', me.headers)).json().data).toHaveLength(10);
    });

    it('treats % and _ as plain characters and refuses overlong text', async () => {
      await setup();
      const me = await signIn();
      await insertUser(kit.db, { username: 'fir_tree' });
      await insertUser(kit.db, { username: 'firXtree' });
      const res = await search('r_t', me.headers);
      expect(res.json().data.map((u: { username: string }) => u.username)).toEqual(['fir_tree']);
      expect((await search('%%%', me.headers)).json().data).toEqual([]);
      expect((await search('x'.repeat(101), me.headers)).statusCode).toBe(400);
    });
  });

  describe('public profile', () => {
    it('shows public fields and activity counts to any signed-in member', async () => {
      await setup();
      const me = await signIn();
      const other = await insertUser(kit.db, {
        username: 'hazel',
        name: 'Hazel Nut',
        bio: 'Orchards',
        location: 'Kent',
        profile_type: 'corporate',
      });
      const drive = buildDrive(other.id);
      await kit.db.insertInto('drives').values(drive).execute();
      const joined = buildDrive(me.user.id);
      await kit.db.insertInto('drives').values(joined).execute();
      await kit.db
        .insertInto('drive_participants')
        .values({ drive_id: joined.id, user_id: other.id, joined_at: '2026-01-01T00:00:00Z' })
        .execute();
      await kit.db
        .insertInto('trees')
        .values([buildTree(other.id), buildTree(other.id)])
        .execute();

      const res = await request('GET', `/api/users/${other.id}/profile`).as(me.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          _id: other.id,
          id: other.id,
          username: 'hazel',
          name: 'Hazel Nut',
          profileType: 'corporate',
          bio: 'Orchards',
          location: 'Kent',
          memberSince: other.verified_at,
          file: '',
          // Attended hours: the 2 h of the drive hazel organised (it started); none checked in at the other.
          counts: { drivesOrganised: 1, drivesJoined: 1, treesRegistered: 2, volunteerHours: 2 },
        },
      });
      expect(res.body).not.toContain(other.email);
    });

    it('is 401 without a session and 404 for unknown, unverified or deleted members', async () => {
      await setup();
      const me = await signIn();
      const hidden = await insertUser(kit.db, { verified_at: null });
      expect((await request('GET', `/api/users/${hidden.id}/profile`).as()).statusCode).toBe(401);
      for (const id of [hidden.id, 'no-such-id']) {
        const res = await request('GET', `/api/users/${id}/profile`).as(me.headers);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(PROFILE_MESSAGES.profileNotFound);
      }
    });
  });

  describe('profile update', () => {
    it('saves name, username, bio and location and answers the fresh current user', async () => {
      await setup();
      const me = await signIn();
      const res = await request('PATCH', '/api/users/me').as(me.headers, profileBody());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: PROFILE_MESSAGES.profileSaved,
        user: { id: me.user.id, username: 'rowan', name: 'Rowan Ash', location: 'Leeds' },
      });
      // The current user carries the location: picker maps open on the country it names (issue 23).
      const current = await request('GET', '/api/users/currentuser').as(me.headers);
      expect(current.json().user).toMatchObject({ location: 'Leeds' });
      const row = await kit.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ bio: 'I plant oaks.', location: 'Leeds', name: 'Rowan Ash' });

      const cleared = await request('PATCH', '/api/users/me').as(
        me.headers,
        profileBody({ name: '  ', bio: '', location: '' }),
      );
      expect(cleared.json().user.name).toBeNull();
      expect(cleared.json().user.location).toBeNull();
    });

    it('refuses a username someone else has, in any case, with 409', async () => {
      await setup();
      const me = await signIn();
      await insertUser(kit.db, { username: 'Cedar' });
      const res = await request('PATCH', '/api/users/me').as(
        me.headers,
        profileBody({ username: 'cedar' }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: PROFILE_MESSAGES.usernameTaken });
      // Keeping my own username (case changed) is fine.
      const mine = await request('PATCH', '/api/users/me').as(
        me.headers,
        profileBody({ username: me.user.username.toUpperCase() }),
      );
      expect(mine.statusCode).toBe(200);
    });

    it('validates every field with a clear 400', async () => {
      await setup();
      const me = await signIn();
      const cases: Array<[object, string]> = [
        [{ username: '   ' }, MESSAGES.usernameRequired],
        [{ username: 'a b' }, MESSAGES.usernameInvalid],
        [{ name: 'n'.repeat(81) }, PROFILE_MESSAGES.nameTooLong],
        [{ bio: 'b'.repeat(501) }, PROFILE_MESSAGES.bioTooLong],
        [{ location: 'l'.repeat(121) }, PROFILE_MESSAGES.locationTooLong],
      ];
      for (const [change, message] of cases) {
        const res = await request('PATCH', '/api/users/me').as(me.headers, profileBody(change));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const extra = await request('PATCH', '/api/users/me').as(
        me.headers,
        profileBody({ email: 'x@y.z', profile_type: 'corporate' }),
      );
      expect(extra.statusCode).toBe(400);
    });

    it('only ever changes the signed-in member (no id in the request can redirect it)', async () => {
      await setup();
      const me = await signIn();
      const other = await insertUser(kit.db, { username: 'elm' });
      expect((await request('PATCH', '/api/users/me').as({}, profileBody())).statusCode).toBe(401);
      await request('PATCH', '/api/users/me').as(me.headers, profileBody({ username: 'mine' }));
      const row = await kit.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(row.username).toBe('elm');
    });
  });
});
