// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, rememberedUser, saveSession } from './session';

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

afterEach(() => clearSession());

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
