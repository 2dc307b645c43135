import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../tests/support/test-database';
import { APP_URL, donationApi, type Headers } from './donation-test-kit';

const claimLinkOf = (text: string) =>
  new RegExp(`${APP_URL}/claim/([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? '';

/** Issue 19 §5: the giver sees each gift's recipients and claims in Transactions (the list). */
describe.each(databaseTargets)('gift summaries in the donations list on $name', (target) => {
  const api = donationApi(target);
  const { call } = api;
  const list = async (headers: Headers, query = '') => {
    const res = await call('GET', `/api/donations?page=1&limit=20${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      total: number;
      data: Array<{ id: string; status: string; gift: unknown }>;
    };
  };
  const summaryOf = async (headers: Headers, id: string) =>
    (await list(headers)).data.find((d) => d.id === id)?.gift;

  it('asks for a session, shows only the caller’s donations and refuses a bad status', async () => {
    await api.setup();
    expect((await call('GET', '/api/donations')).statusCode).toBe(401);
    const me = await api.signIn();
    const other = await api.signIn();
    await api.pending(me.headers, {
      kind: 'trees',
      trees: 1,
      category: 'Trees',
      gift: { recipientName: 'Ravi Rao', recipientEmail: 'ravi@example.com' },
    });
    expect((await list(other.headers)).data).toEqual([]);
    const bad = await call('GET', '/api/donations?status=claimed', me.headers);
    expect(bad.statusCode).toBe(400);
    expect((await list(me.headers)).data).toHaveLength(1);
  });

  it('names a single gift’s recipient, claimed or not; a donation that is no gift has none', async () => {
    await api.setup();
    const me = await api.signIn({ name: 'Asha Menon' });
    const plain = await api.pending(me.headers);
    const linkOnly = await api.pending(me.headers, {
      kind: 'trees',
      trees: 1,
      category: 'Trees',
      gift: { recipientName: 'Mira' },
    });
    const { id } = await api.pending(me.headers, {
      kind: 'trees',
      trees: 2,
      category: 'Trees',
      gift: { recipientName: 'Ravi Rao', recipientEmail: 'ravi@example.com' },
    });
    expect(await summaryOf(me.headers, plain.id)).toBeNull();
    expect(await summaryOf(me.headers, linkOnly.id)).toEqual({
      recipients: 1,
      claimed: 0,
      recipientName: 'Mira',
      recipientEmailed: false,
    });
    expect((await api.pay(me.headers, id)).statusCode).toBe(200);
    await api.services().queue.idle(5000);
    expect(await summaryOf(me.headers, id)).toEqual({
      recipients: 1,
      claimed: 0,
      recipientName: 'Ravi Rao',
      recipientEmailed: true,
    });
    const code = claimLinkOf((await api.mailer.next('ravi@example.com')).text);
    const ravi = await api.signIn();
    expect((await call('POST', `/api/gifts/${code}/claim`, ravi.headers)).statusCode).toBe(200);
    expect(await summaryOf(me.headers, id)).toMatchObject({ recipients: 1, claimed: 1 });
    // Filtered by status, the summary is there too.
    expect((await list(me.headers, '&status=paid')).data).toMatchObject([
      { id, gift: { claimed: 1 } },
    ]);
  });

  it('counts a corporate batch’s recipients and claims', async () => {
    await api.setup();
    const org = await api.signIn({ profile_type: 'corporate' });
    const res = await call('POST', '/api/donations/gifts/batch', org.headers, {
      treesEach: 1,
      recipients: [1, 2, 3].map((n) => ({ name: `Person ${n}`, email: `p${n}@example.com` })),
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data.donation;
    expect((await api.pay(org.headers, id)).statusCode).toBe(200);
    await api.services().queue.idle(5000);
    const code = claimLinkOf((await api.mailer.next('p2@example.com')).text);
    const p2 = await api.signIn();
    expect((await call('POST', `/api/gifts/${code}/claim`, p2.headers)).statusCode).toBe(200);
    expect(await summaryOf(org.headers, id)).toEqual({
      recipients: 3,
      claimed: 1,
      recipientName: 'Person 1',
      recipientEmailed: true,
    });
  });
});
