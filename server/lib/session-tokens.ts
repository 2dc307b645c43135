import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'canopy';
const AUDIENCE = 'canopy-web';

export interface SessionClaims {
  userId: string;
  profileType: string;
  sessionId: string;
}

/** HS256 JWTs with iss/aud/exp; the algorithm is pinned on verify so `alg: none` and RS/HS confusion fail. */
export function sessionTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: SessionClaims, issuedAt: Date, expiresAt: Date): Promise<string> {
      return new SignJWT({ profileType: claims.profileType, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** The claims of a valid token, or null for anything forged, expired or malformed. */
    async verify(token: string, now: Date): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return {
          userId: payload.sub,
          sessionId: payload.sid,
          profileType: String(payload.profileType ?? ''),
        };
      } catch {
        return null;
      }
    },
  };
}
export type SessionTokens = ReturnType<typeof sessionTokens>;
