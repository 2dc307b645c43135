import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../../contract/files';
import { PROFILE_MESSAGES } from '../../../contract/users';
import {
  buildBombPng,
  buildJpeg,
  hasGpsExif,
  multipartBody,
  textFileBytes,
} from '../../../tests/support/images';
import { databaseTargets } from '../../../tests/support/test-database';
import { useProfilesApi } from './users-test-kit';

describe.each(databaseTargets)('people and profiles API on $name', (target) => {
  const kit = useProfilesApi(target);
  const { setup, signIn, request, uploadAvatar } = kit;

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
      const served = await kit.app.inject({ method: 'GET', url: user.file });
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
      expect((await kit.app.inject({ method: 'GET', url: user.file })).statusCode).toBe(404);
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
      const none = await kit.app.inject({
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
      expect((await kit.app.inject({ method: 'GET', url: mine })).statusCode).toBe(200);
      await request('DELETE', '/api/users/me/avatar').as(twin.headers);
      expect((await kit.app.inject({ method: 'GET', url: mine })).statusCode).toBe(404);
    });

    it('needs a session', async () => {
      await setup();
      const jpeg = await buildJpeg({ width: 32, height: 32 });
      expect((await uploadAvatar({}, jpeg)).statusCode).toBe(401);
      expect((await request('DELETE', '/api/users/me/avatar').as()).statusCode).toBe(401);
    });
  });
});
