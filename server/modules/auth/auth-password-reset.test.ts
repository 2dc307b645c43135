import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../contract/auth';
import { resetLinkFrom } from '../../../tests/support/memory-mailer';
import { databaseTargets } from '../../../tests/support/test-database';
import { PASSWORD, useAccountsApi } from './auth-test-kit';
import { AUTH_MESSAGES } from './auth.service';

describe.each(databaseTargets)('accounts API on $name', (target) => {
  const kit = useAccountsApi(target);
  const { setup, post, registerAndVerify, currentUser } = kit;

  describe('password reset', () => {
    it('mails a link, resets once, ends every session, and swaps the password', async () => {
      await setup();
      const { token: oldSession } = await registerAndVerify();
      const forgot = await post('/api/users/forgotpassword', { email: 'maple@example.org' });
      expect(forgot.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetSent });
      const link = new URL(resetLinkFrom(await kit.mailer.next('maple@example.org')));
      expect(link.origin + link.pathname).toBe('http://canopy.test/reset-password');
      expect(link.searchParams.get('email')).toBe('maple@example.org');
      const token = link.searchParams.get('token')!;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      const payload = {
        email: 'maple@example.org',
        token,
        password: 'a-brand-new-secret',
        passwordConfirm: 'a-brand-new-secret',
      };
      const reset = await post('/api/users/resetpassword', payload);
      expect(reset.statusCode).toBe(200);
      expect(reset.json().message).toBe(AUTH_MESSAGES.resetDone);
      expect((await currentUser(oldSession)).statusCode).toBe(401);
      expect((await post('/api/users/resetpassword', payload)).statusCode).toBe(404);
      expect(
        (await post('/api/users/login', { email: 'maple@example.org', password: PASSWORD }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await post('/api/users/login', {
            email: 'maple@example.org',
            password: 'a-brand-new-secret',
          })
        ).statusCode,
      ).toBe(200);
    });

    it('answers forgot-password the same for unknown addresses and mails nothing', async () => {
      await setup();
      await registerAndVerify();
      const known = await post('/api/users/forgotpassword', { email: 'maple@example.org' });
      const unknown = await post('/api/users/forgotpassword', { email: 'ghost@example.org' });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      // Both answers are out, and the known address's reset mail has gone: the ghost got none.
      expect(resetLinkFrom(await kit.mailer.next('maple@example.org'))).not.toBe('');
      expect(kit.mailer.sent.some((m) => m.to === 'ghost@example.org')).toBe(false);
    });

    it('refuses an expired token, a wrong token and another account with 404', async () => {
      await setup();
      await registerAndVerify();
      await registerAndVerify({ email: 'oak@example.org', username: 'oak' });
      await post('/api/users/forgotpassword', { email: 'maple@example.org' });
      const token = new URL(
        resetLinkFrom(await kit.mailer.next('maple@example.org')),
      ).searchParams.get('token')!;
      const body = { password: 'another-good-one', passwordConfirm: 'another-good-one' };
      const otherAccount = await post('/api/users/resetpassword', {
        ...body,
        email: 'oak@example.org',
        token,
      });
      expect(otherAccount.statusCode).toBe(404);
      expect(otherAccount.json().message).toBe(MESSAGES.invalidResetToken);
      expect(
        (
          await post('/api/users/resetpassword', {
            ...body,
            email: 'maple@example.org',
            token: 'x'.repeat(43),
          })
        ).statusCode,
      ).toBe(404);
      kit.clock.advance(30 * 60_000 + 1000);
      expect(
        (await post('/api/users/resetpassword', { ...body, email: 'maple@example.org', token }))
          .statusCode,
      ).toBe(404);
    });

    it.each([
      [
        { email: '', token: 't', password: 'long-enough-1', passwordConfirm: 'long-enough-1' },
        MESSAGES.emailAddressRequired,
      ],
      [
        {
          email: 'a@b.org',
          token: ' ',
          password: 'long-enough-1',
          passwordConfirm: 'long-enough-1',
        },
        MESSAGES.tokenRequired,
      ],
      [
        { email: 'a@b.org', token: 't', password: '', passwordConfirm: '' },
        MESSAGES.newPasswordRequired,
      ],
      [
        {
          email: 'a@b.org',
          token: 't',
          password: 'long-enough-1',
          passwordConfirm: 'long-enough-2',
        },
        MESSAGES.passwordsDoNotMatch,
      ],
    ])('refuses %j with "%s"', async (payload, message) => {
      await setup();
      const res = await post('/api/users/resetpassword', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('requires an email to ask for a reset', async () => {
      await setup();
      const res = await post('/api/users/forgotpassword', { email: ' ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.emailAddressRequired);
    });
  });
});
