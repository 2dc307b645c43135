import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'canopy';
const AUDIENCE = 'canopy-web';

export interface SessionClaims {
  userId: string;
  profileType: string;
  sessionId: string;
}

/** What `verify` returns: the claims and when the token stops being valid (ms since the epoch). */
export interface VerifiedSession extends SessionClaims {
  expiresAtMs: number;
}

/** HS256 JWTs with iss/aud/exp; the algorithm is pinned on verify so `alg: none` and RS/HS confusion fail. */
export function sessionTokens(secret: string) {
  // Imported once: handing jose the raw bytes made it import the HMAC key again on every verify.
  let imported: Promise<CryptoKey> | undefined;
  const hmacKey = () =>
    (imported ??= crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  return {
    async sign(claims: SessionClaims, issuedAt: Date, expiresAt: Date): Promise<string> {
      return new SignJWT({ profileType: claims.profileType, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await hmacKey());
    },
    /** The claims of a valid token, or null for anything forged, expired or malformed. */
    async verify(token: string, now: Date): Promise<VerifiedSession | null> {
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        )
          return null;
        return {
          userId: payload.sub,
          sessionId: payload.sid,
          profileType: String(payload.profileType ?? ''),
          expiresAtMs: payload.exp * 1000,
        };
      } catch {
        return null;
      }
    },
  };
}
export type SessionTokens = ReturnType<typeof sessionTokens>;
