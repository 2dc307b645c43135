import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hashSecretToken,
  newSecretToken,
  sameDigest,
  SECRET_TOKEN_PATTERN,
  secretTokenMatches,
} from './secret-tokens';

describe('secret tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = Array.from({ length: 50 }, () => newSecretToken().token);
    for (const token of tokens) {
      expect(token).toMatch(SECRET_TOKEN_PATTERN);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('keep a prefix in front of the random part', () => {
    const { token, hash } = newSecretToken('cnp_');
    expect(token).toMatch(/^cnp_[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(hashSecretToken(token));
  });

  it('are stored as the SHA-256 in hex, the format rows already hold', () => {
    const { token, hash } = newSecretToken();
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
  });

  it('match only their own hash', () => {
    const a = newSecretToken();
    const b = newSecretToken();
    expect(secretTokenMatches(a.token, a.hash)).toBe(true);
    expect(secretTokenMatches(a.token, b.hash)).toBe(false);
    expect(secretTokenMatches(`${a.token}x`, a.hash)).toBe(false);
    expect(secretTokenMatches(a.token, '')).toBe(false);
    expect(secretTokenMatches(a.token, 'not hex')).toBe(false);
  });

  it('compares digests of different lengths or empty ones as different', () => {
    const digest = hashSecretToken('x');
    expect(sameDigest(digest, digest)).toBe(true);
    expect(sameDigest(digest, digest.slice(0, 62))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
    expect(sameDigest('00', digest)).toBe(false);
  });
});
