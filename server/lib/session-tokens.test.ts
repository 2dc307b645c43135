import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sessionTokens } from './session-tokens';

const SECRET = 'session-tokens-test-secret'.padEnd(40, 'x');
const claims = { userId: 'u1', profileType: 'individual', sessionId: 's1' };
const issued = new Date('2026-06-01T10:00:00.000Z');
const expires = new Date('2026-06-02T10:00:00.000Z');

describe('session tokens', () => {
  it('verifies its own tokens many times with the one imported key, and tells the expiry', async () => {
    const tokens = sessionTokens(SECRET);
    const token = await tokens.sign(claims, issued, expires);
    for (let i = 0; i < 3; i++)
      expect(await tokens.verify(token, issued)).toEqual({
        ...claims,
        expiresAtMs: expires.getTime(),
      });
    // Another instance with the same secret accepts it; one with another secret does not.
    expect(await sessionTokens(SECRET).verify(token, issued)).not.toBeNull();
    expect(await sessionTokens(`${SECRET}-other`).verify(token, issued)).toBeNull();
  });

  it('refuses expired tokens, tokens without an expiry, and other algorithms', async () => {
    const tokens = sessionTokens(SECRET);
    const token = await tokens.sign(claims, issued, expires);
    expect(await tokens.verify(token, expires)).toBeNull();
    const key = new TextEncoder().encode(SECRET);
    const noExpiry = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('canopy')
      .setAudience('canopy-web')
      .sign(key);
    expect(await tokens.verify(noExpiry, issued)).toBeNull();
    const hs512 = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u1')
      .setIssuer('canopy')
      .setAudience('canopy-web')
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(new TextEncoder().encode(SECRET.repeat(2)));
    expect(await tokens.verify(hs512, issued)).toBeNull();
  });
});
