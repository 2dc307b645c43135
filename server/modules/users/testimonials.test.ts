import { describe, expect, it } from 'vitest';
import { TESTIMONIAL_MAX, TESTIMONIAL_MESSAGES } from '../../../contract/testimonials';
import { DELETE_CONFIRMATION_WORD } from '../../../contract/users';
import { insertUser } from '../../../tests/support/factories';
import { signedInUser, TEST_PASSWORD } from '../../../tests/support/signed-in';
import { databaseTargets } from '../../../tests/support/test-database';
import { useTestApp } from '../../../tests/support/use-test-app';

/**
 * Testimonials (issue 23): a member writes their own and chooses whether the landing page shows
 * it; GET /api/testimonials (public) lists the newest shown ones without ids or emails; a
 * withdrawn, deleted or deleted-account testimonial is gone from it at once.
 */
const NOW = '2026-06-15T12:00:00.000Z';

interface Mine {
  success: true;
  message?: string;
  data: { quote: string; show: boolean; updatedAt: string } | null;
}
interface Shown {
  success: true;
  data: { name: string; accountType: string; quote: string; avatar: string }[];
}

describe.each(databaseTargets)('testimonials on $name', (target) => {
  const api = useTestApp(target, NOW);
  const { clock, setup } = api;
  const put = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    api.app.inject({ method: 'PUT', url: '/api/users/me/testimonial', headers, payload });
  const shown = async () => {
    const res = await api.app.inject({ url: '/api/testimonials' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Shown>().data;
  };

  it('answers the public list without a session, and refuses the writes without one', async () => {
    await setup();
    expect(await shown()).toEqual([]);
    expect((await api.app.inject({ url: '/api/users/me/testimonial' })).statusCode).toBe(401);
    expect(
      (await put({}, { quote: 'Planting with friends is the best.', show: true })).statusCode,
    ).toBe(401);
    const del = await api.app.inject({ method: 'DELETE', url: '/api/users/me/testimonial' });
    expect(del.statusCode).toBe(401);
  });

  it('refuses a quote too short, too long or not text', async () => {
    const db = await setup();
    const me = await signedInUser(api.app, db);
    for (const [payload, message] of [
      [{ quote: 'Short', show: true }, TESTIMONIAL_MESSAGES.tooShort],
      [{ quote: 'x'.repeat(TESTIMONIAL_MAX + 1), show: true }, TESTIMONIAL_MESSAGES.tooLong],
      [{ quote: 42, show: true }, undefined],
      [{ quote: 'A fine quote for the page', show: 'yes' }, undefined],
    ] as const) {
      const res = await put(me.headers, payload);
      expect(res.statusCode, res.body).toBe(400);
      if (message) expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(await shown()).toEqual([]);
  });

  it('keeps a quote private until the member opts in, and shows the newest first', async () => {
    const db = await setup();
    const asha = await signedInUser(api.app, db, { name: 'Asha Rao', profile_type: 'individual' });
    const green = await signedInUser(api.app, db, {
      name: 'Greenleaf Ltd',
      profile_type: 'corporate',
    });

    const saved = await put(asha.headers, { quote: '  Our street has twelve new oaks.  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Mine>()).toMatchObject({
      message: TESTIMONIAL_MESSAGES.saved,
      data: { quote: 'Our street has twelve new oaks.', show: false },
    });
    expect(await shown()).toEqual([]);

    expect(
      (await put(asha.headers, { quote: 'Our street has twelve new oaks.', show: true }))
        .statusCode,
    ).toBe(200);
    clock.advance(60_000);
    const res = await put(green.headers, { quote: 'Our team planted 400 trees.', show: true });
    expect(res.json<Mine>().message).toBe(TESTIMONIAL_MESSAGES.savedShown);

    const list = await shown();
    expect(list).toEqual([
      {
        name: 'Greenleaf Ltd',
        accountType: 'corporate',
        quote: 'Our team planted 400 trees.',
        avatar: '',
      },
      {
        name: 'Asha Rao',
        accountType: 'individual',
        quote: 'Our street has twelve new oaks.',
        avatar: '',
      },
    ]);
    // Nothing that names an account beyond what the page shows.
    expect(JSON.stringify(list)).not.toMatch(/@|user_id|email/);

    const mine = await api.app.inject({ url: '/api/users/me/testimonial', headers: asha.headers });
    expect(mine.json<Mine>().data).toMatchObject({
      quote: 'Our street has twelve new oaks.',
      show: true,
    });
  });

  it('shows at most three, and never a member who is not verified', async () => {
    const db = await setup();
    for (let i = 0; i < 4; i++) {
      const m = await signedInUser(api.app, db, { name: `Member ${i}` });
      clock.advance(1000);
      await put(m.headers, { quote: `Quote number ${i} from me`, show: true });
    }
    const unverified = await insertUser(db, { name: 'Not yet', verified_at: null });
    await db
      .insertInto('testimonials')
      .values({
        user_id: unverified.id,
        quote: 'Unverified words',
        shown: 1,
        created_at: NOW,
        updated_at: '2030-01-01T00:00:00.000Z',
      })
      .execute();
    expect((await shown()).map((s) => s.name)).toEqual(['Member 3', 'Member 2', 'Member 1']);
  });

  it("writes only the caller's own testimonial: another member's stays as it was", async () => {
    const db = await setup();
    const asha = await signedInUser(api.app, db, { name: 'Asha Rao' });
    const other = await signedInUser(api.app, db, { name: 'Other Person' });
    await put(asha.headers, { quote: 'Asha wrote these words.', show: true });
    await put(other.headers, { quote: 'Other wrote something else.', show: false });
    const del = await api.app.inject({
      method: 'DELETE',
      url: '/api/users/me/testimonial',
      headers: other.headers,
    });
    expect(del.statusCode).toBe(200);
    const ashas = await api.app.inject({ url: '/api/users/me/testimonial', headers: asha.headers });
    expect(ashas.json<Mine>().data).toMatchObject({ quote: 'Asha wrote these words.', show: true });
    const others = await api.app.inject({
      url: '/api/users/me/testimonial',
      headers: other.headers,
    });
    expect(others.json<Mine>().data).toBeNull();
    expect((await shown()).map((s) => s.name)).toEqual(['Asha Rao']);
  });

  it('leaves the page when withdrawn, deleted, or with the account', async () => {
    const db = await setup();
    const asha = await signedInUser(api.app, db, { name: 'Asha Rao' });
    const ben = await signedInUser(api.app, db, { name: 'Ben Ode' });
    await put(asha.headers, { quote: 'Asha wrote these words.', show: true });
    await put(ben.headers, { quote: 'Ben wrote these words.', show: true });
    expect(await shown()).toHaveLength(2);

    await put(asha.headers, { quote: 'Asha wrote these words.', show: false });
    expect((await shown()).map((s) => s.name)).toEqual(['Ben Ode']);

    const gone = await api.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: ben.headers,
      payload: { password: TEST_PASSWORD, confirm: DELETE_CONFIRMATION_WORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await shown()).toEqual([]);
    const rows = await db.selectFrom('testimonials').select('user_id').execute();
    expect(rows.map((r) => r.user_id)).toEqual([asha.user.id]);
  });
});
