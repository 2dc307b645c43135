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

function forget(): void {
  for (const storage of [sessionStorage, localStorage]) {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(STARTED_KEY);
    for (const key of Object.keys(storage)) if (key.startsWith('session_')) storage.removeItem(key);
  }
}

/** Forgets the session everywhere it might be kept, and in every open tab that shares it. */
export function clearSession(): void {
  const token = sessionStorage.getItem(TOKEN_KEY);
  forget();
  if (token) tabs?.postMessage({ end: token });
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

/**
 * Open tabs share the session (issue 23): a tab without one asks the others over a same-origin
 * BroadcastChannel and takes the token with its start time, so the 8 hours still count from the
 * sign-in; signing out ends it in every tab. With no tab open nobody answers, so the session still
 * ends with the last page. Nothing goes to localStorage.
 */
const tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel('canopy-session') : null;
let asking: Promise<string | null> | null = null;
type TabMessage = {
  ask?: true;
  end?: string;
  give?: { token: string; started: number; user?: string };
};

if (tabs) {
  tabs.onmessage = ({ data }: MessageEvent<TabMessage | null>) => {
    const token = getToken();
    if (data?.ask && token) {
      const user = sessionStorage.getItem(USER_KEY) ?? undefined;
      const started = Number(sessionStorage.getItem(STARTED_KEY));
      tabs.postMessage({ give: { token, started, user } });
    } else if (data?.end && data.end === token) {
      forget();
    } else if (asking && !token && data?.give) {
      const { token: given, started, user } = data.give;
      if (!decode(given) || !(Date.now() - started < LIFETIME_MS)) return;
      saveSession(given, started);
      if (typeof user === 'string') sessionStorage.setItem(USER_KEY, user);
    }
  };
}

/**
 * This tab's token, or else one taken from another open tab that answers within `waitMs`; null
 * when none does (or the browser has no BroadcastChannel). One question at a time.
 */
export function sessionFromOpenTab(waitMs = 300): Promise<string | null> {
  const token = getToken();
  if (token || !tabs) return Promise.resolve(token);
  asking ??= new Promise<string | null>((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      tabs.removeEventListener('message', check);
      asking = null;
      resolve(getToken());
    };
    // Runs after the handler above, which was added first and stores the answer.
    const check = () => {
      if (sessionStorage.getItem(TOKEN_KEY)) finish();
    };
    const timer = setTimeout(finish, waitMs);
    tabs.addEventListener('message', check);
    tabs.postMessage({ ask: true });
  });
  return asking;
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
