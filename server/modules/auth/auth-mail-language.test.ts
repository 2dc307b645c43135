import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_MESSAGES } from '../../../contract/languages';
import { startSmtpReceiver, waitForMail } from '../../../tests/support/smtp-receiver';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import { PASSWORD, START } from './auth-test-kit';

// Issue 26: the verification mail goes in the member's saved language (users.locale), over SMTP.
describe.each(databaseTargets)(
  'the verification mail’s language on $name (real SMTP)',
  (target) => {
    let t: TestApp | undefined;
    let smtp: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
    const inbox = fs.mkdtempSync(path.join(os.tmpdir(), 'canopy-mail-language-'));
    afterEach(async () => {
      await t?.close();
      await smtp?.close();
      t = undefined;
      smtp = undefined;
    });

    const start = async () => {
      smtp = await startSmtpReceiver(inbox);
      t = await buildTestApp(target, {
        clock: movableClock(START),
        config: { appUrl: 'http://canopy.test', smtpUrl: smtp.url },
      });
      return t;
    };
    const post = async (url: string, payload: object) => {
      const response = await t!.app.inject({ method: 'POST', url, payload });
      await t!.services.auth.settled();
      await t!.idle();
      return response;
    };
    const register = (email: string, extra: object = {}) =>
      post('/api/users/register', {
        username: email.split('@')[0],
        email,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        role: 'individual',
        ...extra,
      });

    it('is in English by default, and in the member’s saved Spanish or Hindi when they ask again', async () => {
      await start();
      const email = `rowan-${Date.now()}@example.org`;
      let since = Date.now();
      expect((await register(email, { locale: 'en' })).statusCode).toBe(201);
      const english = await waitForMail(inbox, email, since);
      expect(english.subject).toMatch(/^Your Canopy verification code: \d{6}$/);
      expect(english.text).toContain(
        'welcome to Canopy! Use this code to verify your email address:',
      );
      expect(english.text).toContain('— The Canopy team');
      expect(english.html).toContain('<body lang="en"');

      const inLanguage = async (locale: string) => {
        await t!.database.db
          .updateTable('users')
          .set({ locale })
          .where('email', '=', email)
          .execute();
        since = Date.now();
        expect((await post('/api/users/creatotp', { email })).statusCode).toBe(200);
        return waitForMail(inbox, email, since);
      };

      const spanish = await inLanguage('es');
      expect(spanish.subject).toMatch(/^Tu código de verificación de Canopy: \d{6}$/);
      expect(spanish.text).toContain(
        `Hola, ${email.split('@')[0]}: ¡te damos la bienvenida a Canopy!`,
      );
      expect(spanish.text).toContain('caduca en 10 minutos');
      expect(spanish.text).toMatch(/Tu código: \d{6}/);
      expect(spanish.text).toContain('— El equipo de Canopy');
      expect(spanish.html).toContain('<body lang="es"');

      const hindi = await inLanguage('hi');
      expect(hindi.subject).toMatch(/^आपका Canopy सत्यापन कोड: \d{6}$/);
      expect(hindi.text).toContain('Canopy में आपका स्वागत है!');
      expect(hindi.text).toMatch(/आपका कोड: \d{6}/);
      expect(hindi.text).toContain('— Canopy टीम');
      expect(hindi.html).toContain('<body lang="hi"');
    });

    it('sends the password-reset mail in the member’s saved language', async () => {
      await start();
      const email = `ash-${Date.now()}@example.org`;
      expect((await register(email)).statusCode).toBe(201);
      const resetIn = async (locale: string) => {
        await t!.database.db
          .updateTable('users')
          .set({ locale })
          .where('email', '=', email)
          .execute();
        const since = Date.now();
        expect((await post('/api/users/forgotpassword', { email })).statusCode).toBe(200);
        return waitForMail(inbox, email, since);
      };
      const spanish = await resetIn('es');
      expect(spanish.subject).toBe('Restablece tu contraseña de Canopy');
      expect(spanish.text).toContain(
        'Restablecer mi contraseña: http://canopy.test/reset-password',
      );
      expect(spanish.html).toContain('<body lang="es"');
      const hindi = await resetIn('hi');
      expect(hindi.subject).toBe('अपना Canopy पासवर्ड रीसेट कीजिए');
      expect(hindi.text).toContain('30 मिनट में समाप्त हो जाता है');
      expect(hindi.html).toContain('<body lang="hi"');
    });

    it('refuses to sign up in a language that is not shipped yet', async () => {
      await start();
      const res = await register(`kai-${Date.now()}@example.org`, { locale: 'xx' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(LANGUAGE_MESSAGES.unknownLanguage);
    });
  },
);
