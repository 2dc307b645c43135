import type { CurrentUser } from '../../contract/auth';
import { SESSION_HOURS } from '../../contract/session';

const TOKEN_KEY = 'token';
const STARTED_KEY = 'session_start';
const REMEMBERED_EMAIL_KEY = 'rememberedEmail';
/** The signed-in user as last answered (a `session_` key: forgotten with the session). */
const USER_KEY = 'session_user';
const LIFETIME_MS = SESSION_HOURS * 3_600_000;

export interface SessionClaims {
  userId: string;
  profileType: string;
}

function decode(token: string): SessionClaims | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    // Read without verifying: only to route the user; the server verifies every request.
    const claims = JSON.parse(json) as { sub?: unknown; profileType?: unknown };
    if (typeof claims.sub !== 'string' || typeof claims.profileType !== 'string') return null;
    return { userId: claims.sub, profileType: claims.profileType };
  } catch {
    return null;
  }
}

/** Forgets the session everywhere it might be kept. */
export function clearSession(): void {
  for (const storage of [sessionStorage, localStorage]) {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(STARTED_KEY);
    for (const key of Object.keys(storage)) if (key.startsWith('session_')) storage.removeItem(key);
  }
}

export function saveSession(token: string, now = Date.now()): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(STARTED_KEY, String(now));
}

/** The stored token while it is usable: decodable, with a start time, younger than 8 hours; else cleared. */
export function getToken(now = Date.now()): string | null {
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (!token) return null;
  const started = Number(sessionStorage.getItem(STARTED_KEY));
  if (!started || now - started >= LIFETIME_MS || !decode(token)) {
    clearSession();
    return null;
  }
  return token;
}

export function getSessionClaims(): SessionClaims | null {
  const token = getToken();
  return token ? decode(token) : null;
}

/** Remember me keeps only the email, never the password. */
export const rememberedEmail = {
  get: () => localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '',
  set: (email: string) => localStorage.setItem(REMEMBERED_EMAIL_KEY, email),
  clear: () => localStorage.removeItem(REMEMBERED_EMAIL_KEY),
};

/**
 * The signed-in user this tab last heard from the server, so a reload draws the app at once while
 * it asks again: only for the stored session's own account, never trusted for access (the server
 * checks every request).
 */
export const rememberedUser = {
  get(): { success: true; user: CurrentUser } | undefined {
    const claims = getSessionClaims();
    const stored = sessionStorage.getItem(USER_KEY);
    if (!claims || !stored) return undefined;
    try {
      const answer = JSON.parse(stored) as { success?: unknown; user?: Partial<CurrentUser> };
      // A shape check, not the contract's schema: this file is in the landing page's bundle.
      const user = answer.user;
      const whole =
        answer.success === true &&
        typeof user === 'object' &&
        user !== null &&
        user.id === claims.userId &&
        ['_id', 'username', 'email', 'profileType', 'file'].every(
          (key) => typeof user[key as keyof CurrentUser] === 'string',
        ) &&
        (user.name === null || typeof user.name === 'string') &&
        typeof user.verified === 'boolean';
      return whole ? (answer as { success: true; user: CurrentUser }) : undefined;
    } catch {
      return undefined;
    }
  },
  set(answer: { success: true; user: CurrentUser }): void {
    if (getToken()) sessionStorage.setItem(USER_KEY, JSON.stringify(answer));
  },
};
