import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secret tokens handed to a person once (reset links, team invites, API tokens, calendar feeds):
 * 256 random bits in base64url (43 characters), of which the database keeps only the SHA-256 in
 * hex. The secret has full entropy, so a fast hash is enough: nobody can guess their way back.
 */
export const SECRET_TOKEN_BYTES = 32;

/** A bare token as `newSecretToken` makes it: 43 base64url characters. */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SecretToken {
  /** Shown or mailed once, never stored. */
  token: string;
  /** What is stored and looked up: `hashSecretToken(token)`. */
  hash: string;
}

/** A fresh token (after `prefix`, e.g. `cnp_`) and the hash to store for it. */
export function newSecretToken(prefix = ''): SecretToken {
  const token = `${prefix}${randomBytes(SECRET_TOKEN_BYTES).toString('base64url')}`;
  return { token, hash: hashSecretToken(token) };
}

/** The stored form of a token: its SHA-256 in lowercase hex (64 characters). */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether two hex digests are equal, in time that does not depend on where they differ. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length > 0 && left.length === right.length && timingSafeEqual(left, right);
}

/** Whether `token` is the one `storedHash` was made from, compared in constant time. */
export function secretTokenMatches(token: string, storedHash: string): boolean {
  return sameDigest(hashSecretToken(token), storedHash);
}
