// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, rememberedUser, saveSession, sessionFromOpenTab } from './session';

const tokenFor = (sub: string) =>
  `h.${btoa(JSON.stringify({ sub, profileType: 'individual' })).replace(/=+$/, '')}.s`;
const answerFor = (id: string) => ({
  success: true as const,
  user: {
    id,
    _id: id,
    username: `member-${id}`,
    name: 'Asha Menon',
    email: `${id}@example.com`,
    profileType: 'individual' as const,
    file: '',
    verified: true,
  },
});

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

describe('the remembered signed-in user', () => {
  it("is the session's own account as last answered, and goes with the session", () => {
    expect(rememberedUser.get()).toBeUndefined();
    saveSession(tokenFor('u-1'));
    rememberedUser.set(answerFor('u-1'));
    expect(rememberedUser.get()).toEqual(answerFor('u-1'));
    clearSession();
    expect(rememberedUser.get()).toBeUndefined();
  });

  it("is never another account's, nor kept without a session, nor read when damaged", () => {
    rememberedUser.set(answerFor('u-1'));
    expect(sessionStorage.getItem('session_user')).toBeNull();
    saveSession(tokenFor('u-2'));
    rememberedUser.set(answerFor('u-1'));
    expect(rememberedUser.get()).toBeUndefined();
    sessionStorage.setItem('session_user', '{not json');
    expect(rememberedUser.get()).toBeUndefined();
    sessionStorage.setItem('session_user', JSON.stringify({ success: true, user: { id: 'u-2' } }));
    expect(rememberedUser.get()).toBeUndefined();
  });
});

describe('the session shared by open tabs (issue 23)', () => {
  // Another tab of the same browser: the same channel name, seen from a second channel.
  let other: BroadcastChannel;
  const heard: unknown[] = [];
  beforeEach(() => {
    heard.length = 0;
    other = new BroadcastChannel('canopy-session');
    other.onmessage = ({ data }: MessageEvent) => heard.push(data);
  });
  afterEach(() => other.close());
  const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

  it('answers a tab that asks with the token and its start time, only while signed in', async () => {
    other.postMessage({ ask: true });
    await new Promise((r) => setTimeout(r, 30));
    expect(heard).toEqual([]);

    saveSession(tokenFor('u-1'), 1_000_000);
    vi.spyOn(Date, 'now').mockReturnValue(1_000_000 + 60_000);
    rememberedUser.set(answerFor('u-1'));
    other.postMessage({ ask: true });
    await until(() => heard.length === 1);
    expect(heard[0]).toEqual({
      give: {
        token: tokenFor('u-1'),
        started: 1_000_000,
        user: JSON.stringify(answerFor('u-1')),
      },
    });
  });

  it('takes the session from an open tab, keeping its start time and user', async () => {
    const started = Date.now() - 3_600_000;
    other.onmessage = ({ data }: MessageEvent) => {
      if ((data as { ask?: boolean }).ask) {
        other.postMessage({
          give: { token: tokenFor('u-1'), started, user: JSON.stringify(answerFor('u-1')) },
        });
      }
    };
    // An answer ends the wait at once; the long limit only spares a busy test machine.
    expect(await sessionFromOpenTab(2_000)).toBe(tokenFor('u-1'));
    expect(sessionStorage.getItem('session_start')).toBe(String(started));
    expect(rememberedUser.get()).toEqual(answerFor('u-1'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('finds nobody when no tab is open (the last page closed): no session', async () => {
    const begun = Date.now();
    expect(await sessionFromOpenTab(100)).toBeNull();
    expect(Date.now() - begun).toBeGreaterThanOrEqual(90);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('refuses an expired or undecodable answer', async () => {
    let answer: object = {};
    other.onmessage = () => other.postMessage({ give: answer });
    answer = { token: tokenFor('u-1'), started: Date.now() - 8 * 3_600_000 - 1 };
    expect(await sessionFromOpenTab(100)).toBeNull();
    answer = { token: 'not-a-token', started: Date.now() };
    expect(await sessionFromOpenTab(100)).toBeNull();
  });

  it('never takes an answer it did not ask for', async () => {
    other.postMessage({ give: { token: tokenFor('u-1'), started: Date.now() } });
    await new Promise((r) => setTimeout(r, 30));
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('signing out here signs out every tab; a sign-out there ends the same session here', async () => {
    saveSession(tokenFor('u-1'));
    clearSession();
    await until(() => heard.length === 1);
    expect(heard[0]).toEqual({ end: tokenFor('u-1') });

    saveSession(tokenFor('u-2'));
    other.postMessage({ end: tokenFor('u-1') });
    await new Promise((r) => setTimeout(r, 30));
    expect(sessionStorage.getItem('token')).toBe(tokenFor('u-2'));
    other.postMessage({ end: tokenFor('u-2') });
    await until(() => sessionStorage.getItem('token') === null);
  });
});

describe('a browser without BroadcastChannel', () => {
  it('answers at once that there is no session, as before', async () => {
    vi.resetModules();
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      const session = await import('./session');
      const begun = Date.now();
      expect(await session.sessionFromOpenTab()).toBeNull();
      expect(Date.now() - begun).toBeLessThan(50);
      session.saveSession(tokenFor('u-1'));
      session.clearSession();
      expect(sessionStorage.getItem('token')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
