import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/auth';
import { PROFILE_MESSAGES } from '../../../contract/users';
import { buildDrive, buildTree } from '../../../tests/support/factories';
import { TEST_PASSWORD } from '../../../tests/support/signed-in';
import { databaseTargets } from '../../../tests/support/test-database';
import { useProfilesApi, type Headers } from './users-test-kit';

describe.each(databaseTargets)('people and profiles API on $name', (target) => {
  const kit = useProfilesApi(target);
  const { setup, signIn, request, search } = kit;

  describe('change password', () => {
    const change = (headers: Headers, body: object) =>
      request('POST', '/api/users/me/password').as(headers, body);

    it('needs the current password, then ends my other sessions but keeps this one', async () => {
      await setup();
      const me = await signIn();
      const login = await kit.app.inject({
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
      const relogin = await kit.app.inject({
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
      await kit.db
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
      await kit.db.insertInto('drives').values([upcoming, past, theirs]).execute();
      await kit.db
        .insertInto('drive_participants')
        .values([
          { drive_id: upcoming.id, user_id: friend.user.id, joined_at: '2026-11-01T00:00:00Z' },
          { drive_id: theirs.id, user_id: me.user.id, joined_at: '2026-11-01T00:00:00Z' },
        ])
        .execute();
      await kit.db.insertInto('trees').values(buildTree(me.user.id)).execute();

      const res = await remove(me.headers, { password: TEST_PASSWORD, confirm: 'DELETE' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(PROFILE_MESSAGES.accountDeleted);

      expect((await request('GET', '/api/users/currentuser').as(me.headers)).statusCode).toBe(401);
      const login = await kit.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: me.user.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(401);

      const row = await kit.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', me.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: null, bio: null, location: null, avatar_file_id: null });
      expect(row.email).not.toContain(me.user.email);
      expect(row.deleted_at).not.toBeNull();

      const drives = await kit.db.selectFrom('drives').select('id').execute();
      expect(drives.map((d) => d.id).sort()).toEqual([past.id, theirs.id].sort());
      const participants = await kit.db.selectFrom('drive_participants').selectAll().execute();
      expect(participants).toEqual([]);
      // The cancelled drive's photo is gone with it.
      expect(await kit.db.selectFrom('files').select('id').execute()).toEqual([]);
      const trees = await kit.db.selectFrom('trees').select('owner_id').execute();
      expect(trees).toEqual([{ owner_id: me.user.id }]);

      const told = await request('GET', '/api/notifications').as(friend.headers);
      expect(told.json().data[0]).toMatchObject({ kind: 'drive_deleted' });
      expect(told.json().data[0].body).toContain(upcoming.name);
      expect((await search(me.user.username, friend.headers)).json().data).toEqual([]);
    });
  });
});
