import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import { buildApp, type AppInstance } from '../../app';
import { buildConfig, type Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';

/** An app with the mailer its configuration asks for (no test mailer), its log lines kept. */
async function appWith(config: Partial<Config>) {
  const database = await createTestDatabase({ name: 'sqlite' });
  const lines: string[] = [];
  const app = await buildApp({
    config: buildConfig({
      webDistDir: '/nonexistent-canopy-web',
      sessionSecret: 'test-secret-'.padEnd(40, 'x'),
      appUrl: 'http://localhost:5000',
      logLevel: 'info',
      ...config,
    }),
    database,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
  await app.services.queue.start(app.services.background.tasks, []);
  return { app, database, lines };
}

describe('mail without SMTP', () => {
  let app: AppInstance | undefined;
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await app?.close();
    await database?.close();
    app = undefined;
  });

  const register = (target: AppInstance, username: string) =>
    target.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: {
        username,
        email: `${username}@example.org`,
        password: 'leafy-Canopy-2026',
        passwordConfirm: 'leafy-Canopy-2026',
        role: 'individual',
      },
    });

  it('keeps every mail at /dev/mail, newest first, and logs one plain line per mail', async () => {
    const started = await appWith({ devMail: true });
    ({ app, database } = started);
    expect((await register(app, 'asha')).statusCode).toBe(201);
    expect((await register(app, 'ben')).statusCode).toBe(201);
    await app.services.queue.idle();

    const messages = started.lines
      .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '')
      .filter((msg) => msg.startsWith('mail to '));
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(
      /^mail to asha@example\.org: "[^"]*Canopy[^"]*" — open http:\/\/localhost:5000\/dev\/mail$/,
    );

    const page = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body.indexOf('ben@example.org')).toBeLessThan(
      page.body.indexOf('asha@example.org'),
    );
    expect(page.body).toMatch(/\b\d{6}\b/);
    expect(page.body).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
  });

  it('has no /dev/mail in production', async () => {
    ({ app, database } = await appWith({ devMail: false, env: 'production' }));
    const page = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).not.toBe(200);
    expect(page.body).not.toContain('Canopy mail');
  });
});
