import { describe, expect, it } from 'vitest';
import { DONATION_MESSAGES } from '../../../contract/donations';
import { databaseTargets } from '../../../tests/support/test-database';
import { donationApi } from './donation-test-kit';

describe.each(databaseTargets)('donations API on $name', (target) => {
  const api = donationApi(target);
  const { call, donate } = api;

  it('answers the prices and limits of the server, in minor units (no session needed)', async () => {
    await api.setup({
      donations: { currency: 'EUR', treePrice: 750, minAmount: 200, maxAmount: 5000, maxTrees: 20 },
    });
    const res = await call('GET', '/api/donations/options');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      currency: 'EUR',
      treePrice: 750,
      minAmount: 200,
      maxAmount: 5000,
      maxTrees: 20,
      testMode: true,
    });
    expect(res.json().data.categories).toContainEqual({ value: 'Trees', label: 'Trees' });
  });

  it('refuses every signed-in endpoint without a session', async () => {
    await api.setup();
    for (const [method, url] of [
      ['POST', '/api/donations'],
      ['GET', '/api/donations'],
      ['GET', '/api/donations/export.csv'],
      ['GET', '/api/donations/billing'],
      ['PUT', '/api/donations/billing'],
      ['GET', '/api/donations/some-id'],
      ['GET', '/api/donations/some-id/receipt'],
      ['GET', '/api/trees/donatedtrees'],
      ['GET', '/api/drives/some-id/donations'],
      ['POST', '/api/payments/test/confirm'],
    ] as const) {
      const body =
        method === 'POST' && url === '/api/donations'
          ? { kind: 'cash', amount: 500, category: 'Trees' }
          : method === 'PUT'
            ? {
                billingName: '',
                addressLine1: '',
                addressLine2: '',
                city: '',
                postalCode: '',
                country: '',
                taxId: '',
              }
            : method === 'POST'
              ? { donationId: 'x', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' }
              : undefined;
      const res = await call(method, url, {}, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('prices trees on the server and starts a pending donation with the test checkout address', async () => {
    await api.setup();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const drive = await api.insertDrive(organiser.user.id, { name: 'Riverbank planting' });
    const me = await api.signIn();
    const res = await donate(me.headers, {
      kind: 'trees',
      trees: 12,
      driveId: drive.id,
      category: 'Trees',
      message: '  For my grandmother  ',
      anonymous: true,
    });
    expect(res.statusCode).toBe(200);
    const { donation, checkoutUrl } = res.json().data;
    expect(donation).toMatchObject({
      kind: 'trees',
      trees: 12,
      amount: 12 * 500,
      currency: 'USD',
      category: 'Trees',
      message: 'For my grandmother',
      anonymous: true,
      status: 'pending',
      receiptNumber: null,
      paidAt: null,
      drive: { id: drive.id, name: 'Riverbank planting', startsAt: drive.starts_at },
    });
    expect(checkoutUrl).toBe(`/app/checkout-tree?donation=${donation.id}`);
    const row = await api.row(donation.id);
    expect(row).toMatchObject({ donor_id: me.user.id, provider: 'test', status: 'pending' });
    expect(row.checkout_session_id).toMatch(/^cs_test_/);
  });

  it('takes cash for the general fund within the limits', async () => {
    await api.setup();
    const me = await api.signIn();
    const res = await donate(me.headers, { kind: 'cash', amount: 2500, category: 'Land' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.donation).toMatchObject({
      kind: 'cash',
      trees: 0,
      amount: 2500,
      drive: null,
      anonymous: false,
      message: null,
    });
  });

  it('refuses amounts the browser should not choose, counts outside the limits, and unknown or past drives', async () => {
    await api.setup();
    const organiser = await api.signIn({ profile_type: 'corporate' });
    const past = await api.insertDrive(organiser.user.id, {
      starts_at: '2026-05-01T08:00:00.000Z',
    });
    const me = await api.signIn();
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [
        { kind: 'trees', trees: 2, amount: 1, category: 'Trees' },
        DONATION_MESSAGES.treesWithAmount,
      ],
      [{ kind: 'trees', category: 'Trees' }, DONATION_MESSAGES.treesRequired],
      [{ kind: 'trees', trees: 0, category: 'Trees' }, DONATION_MESSAGES.treesRequired],
      [{ kind: 'trees', trees: 2.5, category: 'Trees' }, DONATION_MESSAGES.treesWhole],
      [
        { kind: 'trees', trees: 1001, category: 'Trees' },
        DONATION_MESSAGES.treesRange(1000),
        'trees',
      ],
      [{ kind: 'cash', category: 'Trees' }, DONATION_MESSAGES.amountRequired],
      [
        { kind: 'cash', amount: 500, trees: 1, category: 'Trees' },
        DONATION_MESSAGES.amountWithTrees,
      ],
      [
        { kind: 'cash', amount: 99, category: 'Trees' },
        DONATION_MESSAGES.amountRange('$1.00', '$10,000.00'),
        'amount',
      ],
      [
        { kind: 'cash', amount: 1_000_001, category: 'Trees' },
        DONATION_MESSAGES.amountRange('$1.00', '$10,000.00'),
        'amount',
      ],
      [{ kind: 'cash', amount: 500, category: 'Bribes' }, DONATION_MESSAGES.categoryUnknown],
      [{ kind: 'gold', amount: 500, category: 'Trees' }, DONATION_MESSAGES.kindRequired],
      [
        { kind: 'cash', amount: 500, category: 'Trees', driveId: 'nope' },
        DONATION_MESSAGES.driveUnknown,
        'driveId',
      ],
      [
        { kind: 'cash', amount: 500, category: 'Trees', driveId: past.id },
        DONATION_MESSAGES.drivePast,
        'driveId',
      ],
      [
        { kind: 'cash', amount: 500, category: 'Trees', message: 'x'.repeat(501) },
        DONATION_MESSAGES.messageTooLong,
      ],
    ];
    for (const [body, message, field] of cases) {
      const res = await donate(me.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
      if (field) expect(res.json().field).toBe(field);
    }
    const extra = await donate(me.headers, {
      kind: 'cash',
      amount: 500,
      category: 'Trees',
      price: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect(await api.db().selectFrom('donations').select('id').execute()).toEqual([]);
  });

  it('limits how many donations one address starts', async () => {
    await api.setup();
    // Three members, as one member may start only 10 checkouts an hour (checkout-guard.test.ts).
    const members = [await api.signIn(), await api.signIn(), await api.signIn()];
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await donate(members[i % 3]!.headers, { kind: 'cash', amount: 500, category: 'Trees' }))
          .statusCode,
      );
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('shows a donation only to its donor', async () => {
    await api.setup();
    const me = await api.signIn();
    const other = await api.signIn();
    const { id } = await api.pending(me.headers);
    expect((await call('GET', `/api/donations/${id}`, me.headers)).json().data).toMatchObject({
      id,
      _id: id,
    });
    for (const url of [`/api/donations/${id}`, `/api/donations/${id}/receipt`]) {
      const res = await call('GET', url, other.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(DONATION_MESSAGES.notFound);
    }
    expect((await call('GET', '/api/donations/unknown', me.headers)).statusCode).toBe(404);
  });
});
