import { describe, expect, it } from 'vitest';
import { LANGUAGE_MESSAGES } from '../../../contract/languages';
import { PROFILE_MESSAGES } from '../../../contract/users';
import { databaseTargets } from '../../../tests/support/test-database';
import { profileBody, useProfilesApi } from './users-test-kit';

// The member's language (issue 26, migration 0062): saved on the account, validated to the shipped
// languages, answered with the current user.
describe.each(databaseTargets)('the member’s language on $name', (target) => {
  const kit = useProfilesApi(target);
  const { setup, signIn, request } = kit;
  const saveLocale = (headers: Record<string, string>, locale: unknown) =>
    request('PUT', '/api/users/me/locale').as(headers, { locale });
  const currentUser = async (headers: Record<string, string>) =>
    (await request('GET', '/api/users/currentuser').as(headers)).json().user;

  it('needs a session to save a language', async () => {
    await setup();
    const res = await saveLocale({}, 'en');
    expect(res.statusCode).toBe(401);
  });

  it('refuses a language that is not shipped, or no text, with a clear 400', async () => {
    await setup();
    const me = await signIn();
    for (const locale of ['xx', 'EN', 42, '']) {
      const res = await saveLocale(me.headers, locale);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(LANGUAGE_MESSAGES.unknownLanguage);
    }
    const viaProfile = await request('PATCH', '/api/users/me').as(
      me.headers,
      profileBody({ locale: 'klingon' }),
    );
    expect(viaProfile.statusCode).toBe(400);
    expect(viaProfile.json().message).toBe(LANGUAGE_MESSAGES.unknownLanguage);
    expect((await currentUser(me.headers)).locale).toBeNull();
  });

  it('saves a shipped language, answers it with the current user, and clears it with null', async () => {
    await setup();
    const me = await signIn();
    expect((await currentUser(me.headers)).locale).toBeNull();

    const saved = await saveLocale(me.headers, 'en');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: PROFILE_MESSAGES.languageSaved,
      user: { locale: 'en' },
    });
    expect((await currentUser(me.headers)).locale).toBe('en');
    const row = await kit.db
      .selectFrom('users')
      .select('locale')
      .where('id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(row.locale).toBe('en');

    // The profile form leaves it alone when it sends none, and sets it when it does.
    await request('PATCH', '/api/users/me').as(me.headers, profileBody());
    expect((await currentUser(me.headers)).locale).toBe('en');
    const cleared = await request('PATCH', '/api/users/me').as(
      me.headers,
      profileBody({ locale: null }),
    );
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user.locale).toBeNull();
  });
});
