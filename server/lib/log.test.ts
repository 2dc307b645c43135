import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database';
import { buildApp } from '../app';
import { buildConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { redactUrl } from './log';

describe('redactUrl', () => {
  it.each([
    [
      '/reset-password?email=a%40b.org&token=abc123',
      '/reset-password?email=a%40b.org&token=[redacted]',
    ],
    ['/api/x?key=s3cret&page=2', '/api/x?key=[redacted]&page=2'],
    ['/api/x?code=123456', '/api/x?code=[redacted]'],
    ['/api/x?Token=abc&TOKEN=def', '/api/x?Token=[redacted]&TOKEN=[redacted]'],
    ['/api/x?%74oken=abc', '/api/x?%74oken=[redacted]'],
    ['/api/x?token', '/api/x?token=[redacted]'],
    ['/api/x?tokens=a&q=token', '/api/x?tokens=[redacted]&q=token'],
    ['/api/x?api_token=a&access_token=b', '/api/x?api_token=[redacted]&access_token=[redacted]'],
    ['/api/x?apiKey=a&client_secret=b', '/api/x?apiKey=[redacted]&client_secret=[redacted]'],
    [
      '/api/x?password=a&new_passwd=b&pwd=c',
      '/api/x?password=[redacted]&new_passwd=[redacted]&pwd=[redacted]',
    ],
    ['/api/x?otp_code=1&claimCode=2&q=a', '/api/x?otp_code=[redacted]&claimCode=[redacted]&q=a'],
    ['/api/calendar/feed/AbC-123_xyz.ics', '/api/calendar/feed/[redacted].ics'],
    ['/api/calendar/feed/AbC-123_xyz.ics?x=1', '/api/calendar/feed/[redacted].ics?x=1'],
    ['/api/calendar/feed/AbC-123_xyz', '/api/calendar/feed/[redacted]'],
    ['/api/calendar/feed', '/api/calendar/feed'],
    ['/api/calendar/feed/rotate', '/api/calendar/feed/rotate'],
    ['/api/drives?page=1', '/api/drives?page=1'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('request log lines', () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('never contain reset tokens, keys, codes or calendar feed addresses', async () => {
    database = await createTestDatabase({ name: 'sqlite' });
    const lines: string[] = [];
    const app = await buildApp({
      config: buildConfig({
        webDistDir: '/nonexistent-canopy-web',
        sessionSecret: 'test-secret-'.padEnd(40, 'x'),
        logLevel: 'info',
      }),
      database,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
    const secrets = ['resetTok3nValue', 'apiK3yValue', '654321', 'feedT0kenValue', 'cnp_qu3ryTok'];
    for (const url of [
      `/api/users/resetpassword?email=a%40b.org&token=${secrets[0]}`,
      `/api/stats?key=${secrets[1]}&code=${secrets[2]}`,
      `/api/calendar/feed/${secrets[3]}.ics`,
      `/api/drives?api_token=${secrets[4]}&access_token=${secrets[4]}`,
      `/reset-password?token=${secrets[0]}`,
    ])
      await app.inject({ method: 'GET', url });
    await app.close();
    const log = lines.join('');
    // The requests were logged, with their URLs…
    expect(log).toContain('"url":"/api/calendar/feed/[redacted].ics"');
    expect(log).toContain('token=[redacted]');
    expect(log).toContain('key=[redacted]&code=[redacted]');
    // …and no secret appears anywhere.
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
