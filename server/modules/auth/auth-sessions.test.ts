import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../tests/support/test-database';
import { PASSWORD, useAccountsApi } from './auth-test-kit';

describe.each(databaseTargets)('accounts API on $name', (target) => {
  const kit = useAccountsApi(target);
  const { setup, post, registerAndVerify, currentUser } = kit;

  describe('sessions', () => {
    it('refuses requests without a token', async () => {
      await setup();
      expect((await currentUser()).statusCode).toBe(401);
      expect((await kit.app.inject({ method: 'POST', url: '/api/users/logout' })).statusCode).toBe(
        401,
      );
    });

    it('returns only the caller, never another user', async () => {
      await setup();
      const a = await registerAndVerify();
      const b = await registerAndVerify({ email: 'oak@example.org', username: 'oak' });
      expect((await currentUser(a.token)).json().user.username).toBe('maple');
      expect((await currentUser(b.token)).json().user.username).toBe('oak');
    });

    it('logout revokes the token at once, and only that session', async () => {
      await setup();
      const { token } = await registerAndVerify();
      const second = (
        await post('/api/users/login', { email: 'maple@example.org', password: PASSWORD })
      ).json().result.token;
      const res = await kit.app.inject({
        method: 'POST',
        url: '/api/users/logout',
        headers: { 'x-auth-token': token },
      });
      expect(res.statusCode).toBe(200);
      expect((await currentUser(token)).statusCode).toBe(401);
      expect((await currentUser(second)).statusCode).toBe(200);
    });

    it('expires after 8 hours', async () => {
      await setup();
      const { token } = await registerAndVerify();
      kit.clock.advance(8 * 3_600_000 - 60_000);
      expect((await currentUser(token)).statusCode).toBe(200);
      kit.clock.advance(120_000);
      expect((await currentUser(token)).statusCode).toBe(401);
    });

    it('refuses forged tokens: wrong key, alg none, wrong audience, garbage', async () => {
      await setup();
      const { token } = await registerAndVerify();
      const [, payloadPart] = token.split('.');
      const claims = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString());
      const wrongKey = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(48)));
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payloadPart}.`;
      const secret = new TextEncoder().encode('test-secret-'.padEnd(40, 'x'));
      const wrongAudience = await new SignJWT({ ...claims, aud: 'someone-else' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(secret);
      const unknownSession = await new SignJWT({ ...claims, sid: 'not-a-session' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(secret);
      for (const forged of [wrongKey, none, wrongAudience, unknownSession, 'garbage', 'a.b.c']) {
        const res = await currentUser(forged);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      }
    });
  });
});
