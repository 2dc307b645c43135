import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../../contract/files';
import { PROFILE_MESSAGES } from '../../../contract/users';
import { MESSAGES } from '../../../contract/auth';
import { buildDrive, buildTree, insertUser } from '../../../tests/support/factories';
import {
  buildBombPng,
  buildJpeg,
  hasGpsExif,
  multipartBody,
  textFileBytes,
} from '../../../tests/support/images';
import { signedInUser, TEST_PASSWORD } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';

type Headers = Record<string, string>;

describe.each(databaseTargets)('people and profiles API on $name', (target) => {
  let t: TestApp;
  const clock = movableClock('2026-11-21T10:00:00.000Z');
  afterEach(async () => t?.close());

  const setup = async () => {
    t = await buildTestApp(target, { clock });
  };
  const signIn = (overrides = {}) => signedInUser(t.app, t.database.db, overrides);
  const request = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string) => ({
    as: (headers: Headers = {}, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }),
  });
  const search = (key: string, headers: Headers = {}) =>
    request('GET', `/api/trees/user-profile?key=${encodeURIComponent(key)}`).as(headers);
  const uploadAvatar = (
    headers: Headers,
    data: Buffer,
    filename = 'me.jpg',
    type = 'image/jpeg',
  ) => {
    const body = multipartBody([{ name: 'avatar', filename, contentType: type, data }]);
    return t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const profileBody = (overrides: object = {}) => ({
    name: 'Rowan Ash',
    username: 'rowan',
    bio: 'I plant oaks.',
    location: 'Leeds',
    ...overrides,
  });

  describe('profile search', () => {
    it('needs a session', async () => {
      await setup();
      expect((await search('map')).statusCode).toBe(401);
    });

    it('matches username or name case-insensitively from 3 characters, excluding me and unverified or deleted members', async () => {
      await setup();
      const me = await signIn({ username: 'maplefan', name: 'Maple Me' });
      const a = await insertUser(t.database.db, { username: 'MapleLeaf', name: 'Ada' });
      const b = await insertUser(t.database.db, { username: 'oak', name: 'Sugar maple grower' });
      await insertUser(t.database.db, { username: 'mapleghost', verified_at: null });
      await insertUser(t.database.db, {
        username: 'maplegone',
        deleted_at: '2026-01-02T00:00:00.000Z',
      });
      await insertUser(t.database.db, { username: 'birch', name: 'Birch' });

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
      for (let i = 0; i < 12; i++) await insertUser(t.database.db, { username: `willow${i}` });
      expect((await search('wi', me.headers)).json()).toEqual({ success: true, data: [] });
      expect((await search('  w  ', me.headers)).json().data).toEqual([]);
      expect((await search('', me.headers)).json().data).toEqual([]);
      expect((await search('willow', me.headers)).json().data).toHaveLength(10);
    });

    it('treats % and _ as plain characters and refuses overlong text', async () => {
      await setup();
      const me = await signIn();
      await insertUser(t.database.db, { username: 'fir_tree' });
      await insertUser(t.database.db, { username: 'firXtree' });
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
      const other = await insertUser(t.database.db, {
        username: 'hazel',
        name: 'Hazel Nut',
        bio: 'Orchards',
        location: 'Kent',
        profile_type: 'corporate',
      });
      const drive = buildDrive(other.id);
      await t.database.db.insertInto('drives').values(drive).execute();
      const joined = buildDrive(me.user.id);
      await t.database.db.insertInto('drives').values(joined).execute();
      await t.database.db
        .insertInto('drive_participants')
        .values({ drive_id: joined.id, user_id: other.id, joined_at: '2026-01-01T00:00:00Z' })
        .execute();
      await t.database.db
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
          counts: { drivesOrganised: 1, drivesJoined: 1, treesRegistered: 2 },
        },
      });
      expect(res.body).not.toContain(other.email);
    });

    it('is 401 without a session and 404 for unknown, unverified or deleted members', async () => {
      await setup();
      const me = await signIn();
      const hidden = await insertUser(t.database.db, { verified_at: null });
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
        user: { id: me.user.id, username: 'rowan', name: 'Rowan Ash' },
      });
      const row = await t.database.db
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
    });

    it('refuses a username someone else has, in any case, with 409', async () => {
      await setup();
      const me = await signIn();
      await insertUser(t.database.db, { username: 'Cedar' });
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
      const other = await insertUser(t.database.db, { username: 'elm' });
      expect((await request('PATCH', '/api/users/me').as({}, profileBody())).statusCode).toBe(401);
      await request('PATCH', '/api/users/me').as(me.headers, profileBody({ username: 'mine' }));
      const row = await t.database.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(row.username).toBe('elm');
    });
  });

  describe('avatar', () => {
    it('stores a JPEG as WebP without its GPS EXIF and returns it as the current user file', async () => {
      await setup();
      const me = await signIn();
      const jpeg = await buildJpeg({ width: 640, height: 480, gps: true });
      const res = await uploadAvatar(me.headers, jpeg);
      expect(res.statusCode).toBe(200);
      const { user, message } = res.json();
      expect(message).toBe(PROFILE_MESSAGES.avatarSaved);
      expect(user.file).toMatch(/^\/api\/files\/[a-f0-9]{64}$/);

      const current = await request('GET', '/api/users/currentuser').as(me.headers);
      expect(current.json().user.file).toBe(user.file);
      const served = await t.app.inject({ method: 'GET', url: user.file });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(hasGpsExif(meta.exif)).toBe(false);

      const profile = await request('GET', `/api/users/${me.user.id}/profile`).as(me.headers);
      expect(profile.json().data.file).toBe(user.file);

      const removed = await request('DELETE', '/api/users/me/avatar').as(me.headers);
      expect(removed.json()).toMatchObject({
        message: PROFILE_MESSAGES.avatarRemoved,
        user: { file: '' },
      });
      // A removed photo is personal data: nothing serves it any more.
      expect((await t.app.inject({ method: 'GET', url: user.file })).statusCode).toBe(404);
    });

    it('refuses a text file named .png, a bomb, an oversized file and an empty form with clear 4xx', async () => {
      await setup();
      const me = await signIn();
      const text = await uploadAvatar(me.headers, textFileBytes(), 'photo.png', 'image/png');
      expect(text.statusCode).toBe(400);
      expect(text.json().message).toBe(FILE_MESSAGES.notImage);

      const bomb = await uploadAvatar(me.headers, buildBombPng(), 'bomb.png', 'image/png');
      expect(bomb.statusCode).toBe(400);
      expect(bomb.json().message).toBe(FILE_MESSAGES.tooManyPixels);

      const big = Buffer.concat([await buildJpeg({ width: 64, height: 64 }), Buffer.alloc(6e6)]);
      const tooLarge = await uploadAvatar(me.headers, big);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().message).toBe(FILE_MESSAGES.tooLarge);

      const empty = multipartBody([{ name: 'note', value: 'no file' }]);
      const none = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/avatar',
        headers: { ...me.headers, ...empty.headers },
        payload: empty.payload,
      });
      expect(none.statusCode).toBe(400);

      const current = await request('GET', '/api/users/currentuser').as(me.headers);
      expect(current.json().user.file).toBe('');
    });

    it('keeps a photo another member also uses when I replace mine', async () => {
      await setup();
      const me = await signIn();
      const twin = await signIn();
      const shared = await buildJpeg({ width: 100, height: 100, seed: 7 });
      const mine = (await uploadAvatar(me.headers, shared)).json().user.file;
      expect((await uploadAvatar(twin.headers, shared)).json().user.file).toBe(mine);
      const next = await uploadAvatar(me.headers, await buildJpeg({ width: 90, height: 90 }));
      expect(next.json().user.file).not.toBe(mine);
      expect((await t.app.inject({ method: 'GET', url: mine })).statusCode).toBe(200);
      await request('DELETE', '/api/users/me/avatar').as(twin.headers);
      expect((await t.app.inject({ method: 'GET', url: mine })).statusCode).toBe(404);
    });

    it('needs a session', async () => {
      await setup();
      const jpeg = await buildJpeg({ width: 32, height: 32 });
      expect((await uploadAvatar({}, jpeg)).statusCode).toBe(401);
      expect((await request('DELETE', '/api/users/me/avatar').as()).statusCode).toBe(401);
    });
  });

  describe('change password', () => {
    const change = (headers: Headers, body: object) =>
      request('POST', '/api/users/me/password').as(headers, body);

    it('needs the current password, then ends my other sessions but keeps this one', async () => {
      await setup();
      const me = await signIn();
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: me.user.email, password: TEST_PASSWORD },
      });
      const otherSession = { 'x-auth-token': login.json().result.token as string };
      const next = 'a-fresh-green-leaf';

      const wrong = await change(me.headers, {
        currentPassword: 'not-my-password',
        password: next,
        passwordConfirm: next,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(PROFILE_MESSAGES.currentPasswordWrong);

      const ok = await change(me.headers, {
        currentPassword: TEST_PASSWORD,
        password: next,
        passwordConfirm: next,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe(PROFILE_MESSAGES.passwordChanged);
      expect((await request('GET', '/api/users/currentuser').as(me.headers)).statusCode).toBe(200);
      expect((await request('GET', '/api/users/currentuser').as(otherSession)).statusCode).toBe(
        401,
      );
      const relogin = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: me.user.email, password: next },
      });
      expect(relogin.statusCode).toBe(200);
    });

    it('validates input with the spec messages', async () => {
      await setup();
      const me = await signIn();
      const cases: Array<[object, string]> = [
        [
          { currentPassword: ' ', password: 'a-fresh-leaf', passwordConfirm: 'a-fresh-leaf' },
          PROFILE_MESSAGES.currentPasswordRequired,
        ],
        [
          { currentPassword: TEST_PASSWORD, password: '', passwordConfirm: '' },
          MESSAGES.newPasswordRequired,
        ],
        [
          { currentPassword: TEST_PASSWORD, password: 'a-fresh-leaf', passwordConfirm: 'other' },
          MESSAGES.passwordsDoNotMatch,
        ],
        [
          { currentPassword: TEST_PASSWORD, password: 'short', passwordConfirm: 'short' },
          MESSAGES.passwordTooShort,
        ],
        [
          {
            currentPassword: TEST_PASSWORD,
            password: 'password123',
            passwordConfirm: 'password123',
          },
          MESSAGES.passwordTooCommon,
        ],
        [
          {
            currentPassword: TEST_PASSWORD,
            password: TEST_PASSWORD,
            passwordConfirm: TEST_PASSWORD,
          },
          PROFILE_MESSAGES.samePassword,
        ],
      ];
      for (const [body, message] of cases) {
        const res = await change(me.headers, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const valid = {
        currentPassword: TEST_PASSWORD,
        password: 'a-new-leaf',
        passwordConfirm: 'a-new-leaf',
      };
      expect((await change({}, valid)).statusCode).toBe(401);
    });
  });

  describe('delete account', () => {
    const remove = (headers: Headers, body: object) =>
      request('DELETE', '/api/users/me').as(headers, body);

    it('needs the password and the word DELETE', async () => {
      await setup();
      const me = await signIn();
      expect((await remove({}, { password: TEST_PASSWORD, confirm: 'DELETE' })).statusCode).toBe(
        401,
      );
      const noWord = await remove(me.headers, { password: TEST_PASSWORD, confirm: 'delete' });
      expect(noWord.statusCode).toBe(400);
      expect(noWord.json().message).toBe(PROFILE_MESSAGES.deleteConfirmRequired);
      const wrong = await remove(me.headers, { password: 'nope-nope', confirm: 'DELETE' });
      expect(wrong.statusCode).toBe(400);
      expect((await request('GET', '/api/users/currentuser').as(me.headers)).statusCode).toBe(200);
    });

    it('anonymises the member, signs them out, cancels their upcoming drives and tells who joined', async () => {
      await setup();
      const me = await signIn({ name: 'Leaving Person', bio: 'bye', location: 'Here' });
      const friend = await signIn();
      const imageId = 'e'.repeat(64);
      await t.database.db
        .insertInto('files')
        .values({
          id: imageId,
          mime: 'image/webp',
          bytes: 3,
          width: 1,
          height: 1,
          owner_id: me.user.id,
          created_at: '2026-11-01T00:00:00.000Z',
        })
        .execute();
      const upcoming = buildDrive(me.user.id, {
        starts_at: '2026-12-20T09:00:00.000Z',
        image_file_id: imageId,
      });
      const past = buildDrive(me.user.id, { starts_at: '2026-01-20T09:00:00.000Z' });
      const theirs = buildDrive(friend.user.id, { starts_at: '2026-12-24T09:00:00.000Z' });
      await t.database.db.insertInto('drives').values([upcoming, past, theirs]).execute();
      await t.database.db
        .insertInto('drive_participants')
        .values([
          { drive_id: upcoming.id, user_id: friend.user.id, joined_at: '2026-11-01T00:00:00Z' },
          { drive_id: theirs.id, user_id: me.user.id, joined_at: '2026-11-01T00:00:00Z' },
        ])
        .execute();
      await t.database.db.insertInto('trees').values(buildTree(me.user.id)).execute();

      const res = await remove(me.headers, { password: TEST_PASSWORD, confirm: 'DELETE' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(PROFILE_MESSAGES.accountDeleted);

      expect((await request('GET', '/api/users/currentuser').as(me.headers)).statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: me.user.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(401);

      const row = await t.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: null, bio: null, location: null, avatar_file_id: null });
      expect(row.email).not.toContain(me.user.email);
      expect(row.deleted_at).not.toBeNull();

      const drives = await t.database.db.selectFrom('drives').select('id').execute();
      expect(drives.map((d) => d.id).sort()).toEqual([past.id, theirs.id].sort());
      const participants = await t.database.db
        .selectFrom('drive_participants')
        .selectAll()
        .execute();
      expect(participants).toEqual([]);
      // The cancelled drive's photo is gone with it.
      expect(await t.database.db.selectFrom('files').select('id').execute()).toEqual([]);
      const trees = await t.database.db.selectFrom('trees').select('owner_id').execute();
      expect(trees).toEqual([{ owner_id: me.user.id }]);

      const told = await request('GET', '/api/notifications').as(friend.headers);
      expect(told.json().data[0]).toMatchObject({ kind: 'drive_deleted' });
      expect(told.json().data[0].body).toContain(upcoming.name);
      expect((await search(me.user.username, friend.headers)).json().data).toEqual([]);
    });
  });
});
