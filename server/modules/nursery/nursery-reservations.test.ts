import { beforeEach, describe, expect, it } from 'vitest';
import { NURSERY_MESSAGES } from '../../../contract/nursery';
import { databaseTargets } from '../../../tests/support/test-database';
import { nurseryTestKit, UPCOMING } from './nursery-test-kit';

describe.each(databaseTargets)('sapling reservations on $name', (target) => {
  const k = nurseryTestKit(target);
  beforeEach(() => k.setup());

  /** A nursery with 7 saplings, a corporate organiser and their upcoming drive. */
  async function scene() {
    const nursery = await k.nursery();
    const organiser = await k.organiser();
    const drive = await k.insertDrive(organiser.user.id, {
      starts_at: UPCOMING,
      name: 'Lake bund planting',
    });
    const stock = await k.addStock(nursery.headers);
    return { nursery, organiser, drive, stock };
  }

  it('asks for a session on every reservation endpoint', async () => {
    for (const [method, url] of [
      ['POST', '/api/drives/d/reservations'],
      ['GET', '/api/drives/d/reservations'],
      ['GET', '/api/drives/d/chain'],
      ['GET', '/api/nursery/reservations'],
      ['GET', '/api/nursery/reservations/r'],
      ['POST', '/api/nursery/reservations/r/confirm'],
      ['GET', '/api/trees/t/provenance'],
    ] as const) {
      const res = await k.send(
        method,
        url,
        {},
        method === 'POST' ? { stockId: 's', quantity: 1 } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('reserves for the organiser: the stock drops at once and the nursery is told', async () => {
    const { nursery, organiser, drive, stock } = await scene();
    const res = await k.reserve(organiser.headers, drive.id, stock.id, 3);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: NURSERY_MESSAGES.reserved,
      data: {
        status: 'requested',
        quantity: 3,
        unitPriceMinor: 250,
        drive: { id: drive.id, name: 'Lake bund planting' },
        nursery: { id: nursery.user.id, name: 'Green Roots Nursery' },
        organiser: { id: organiser.user.id, name: 'Acme Trees Ltd' },
        actions: ['cancel'],
      },
    });
    expect(await k.available(stock.id)).toBe(4);
    const [notice] = await k.noticesOf(nursery.user.id);
    expect(notice).toMatchObject({
      title: 'New sapling reservation',
      link: '/app/nursery-dashboard',
    });
    expect(notice!.body).toContain('Lake bund planting');
  });

  it('refuses whoever does not organise the drive, unknown drives and bad input', async () => {
    const { nursery, drive, stock } = await scene();
    const stranger = await k.organiser({ name: 'Other Co' });
    expect((await k.reserve(stranger.headers, drive.id, stock.id, 1)).statusCode).toBe(403);
    expect((await k.reserve(nursery.headers, drive.id, stock.id, 1)).statusCode).toBe(403);
    expect((await k.reserve(stranger.headers, 'no-such-drive', stock.id, 1)).statusCode).toBe(404);
    expect(await k.available(stock.id)).toBe(7);
  });

  it.each([
    [{ quantity: 0 }, NURSERY_MESSAGES.quantityRequired],
    [{ quantity: 2.5 }, NURSERY_MESSAGES.quantityRequired],
    [{ quantity: 10_001 }, NURSERY_MESSAGES.quantityRequired],
    [{ stockId: 'unknown' }, NURSERY_MESSAGES.stockNotFound],
  ])('refuses %j with a 400', async (overrides, message) => {
    const { organiser, drive, stock } = await scene();
    const res = await k.send('POST', `/api/drives/${drive.id}/reservations`, organiser.headers, {
      stockId: stock.id,
      quantity: 1,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await k.available(stock.id)).toBe(7);
  });

  it('never oversells: more than is left is refused with the count left', async () => {
    const { organiser, drive, stock } = await scene();
    const res = await k.reserve(organiser.headers, drive.id, stock.id, 8);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NURSERY_MESSAGES.notEnoughStock(7));
    expect(await k.available(stock.id)).toBe(7);
  });

  it('refuses a drive that has already taken place', async () => {
    const { organiser, stock } = await scene();
    const past = await k.insertDrive(organiser.user.id, { starts_at: '2026-05-01T08:00:00.000Z' });
    const res = await k.reserve(organiser.headers, past.id, stock.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NURSERY_MESSAGES.drivePast);
  });

  it('20 concurrent requests for 1 against a stock of 7: exactly 7 succeed, the rest get a 409', async () => {
    const { organiser, drive, stock } = await scene();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => k.reserve(organiser.headers, drive.id, stock.id, 1)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    for (const refused of results.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toBe(NURSERY_MESSAGES.notEnoughStock(0));
    expect(await k.available(stock.id)).toBe(0);
    const rows = await k.db().selectFrom('sapling_reservations').selectAll().execute();
    expect(rows.reduce((sum, r) => sum + r.quantity, 0)).toBe(7);
  });

  it('confirm, deliver: only the nursery; the organiser is told at each step', async () => {
    const { nursery, organiser, drive, stock } = await scene();
    const id = (await k.reserve(organiser.headers, drive.id, stock.id, 5)).json().data.id;
    const byOrganiser = await k.act(organiser.headers, id, 'confirm');
    expect(byOrganiser.statusCode).toBe(403);
    const stranger = await k.nursery({ name: 'Stranger' });
    expect((await k.act(stranger.headers, id, 'confirm')).statusCode).toBe(403);
    expect((await k.act(nursery.headers, id, 'deliver')).statusCode).toBe(409);
    expect((await k.act(nursery.headers, id, 'ship')).statusCode).toBe(400);
    expect((await k.act(nursery.headers, 'nope', 'confirm')).statusCode).toBe(404);

    const confirmed = await k.act(nursery.headers, id, 'confirm');
    expect(confirmed.json()).toMatchObject({
      message: NURSERY_MESSAGES.confirmed,
      data: { status: 'confirmed', actions: ['deliver', 'cancel'] },
    });
    expect((await k.act(nursery.headers, id, 'confirm')).statusCode).toBe(409);
    const delivered = await k.act(nursery.headers, id, 'deliver');
    expect(delivered.json().data).toMatchObject({ status: 'delivered', actions: [] });
    expect(delivered.json().data.deliveredAt).toBe(k.clock.now().toISOString());
    expect((await k.act(organiser.headers, id, 'cancel')).statusCode).toBe(409);
    expect(await k.available(stock.id)).toBe(2);
    const notices = await k.noticesOf(organiser.user.id);
    expect(notices.map((n) => n.title)).toEqual([
      'Sapling reservation confirmed',
      'Sapling reservation delivered',
    ]);
    expect(notices[0]!.link).toBe(`/app/delive-detail/${drive.id}`);
  });

  // Issue 26: each party's notice in their own saved language; English word for word as before.
  it('tells each party in their language: a Hindi nursery, a Spanish organiser', async () => {
    const { nursery, organiser, drive, stock } = await scene();
    const english = (await k.reserve(organiser.headers, drive.id, stock.id, 2)).json().data.id;
    expect((await k.noticesOf(nursery.user.id))[0]!.body).toBe(
      'Acme Trees Ltd reserved 2 Neem saplings for "Lake bund planting". Please confirm or decline.',
    );
    await k.act(nursery.headers, english, 'decline');
    for (const [who, locale] of [
      [nursery, 'hi'],
      [organiser, 'es'],
    ] as const)
      await k.db().updateTable('users').set({ locale }).where('id', '=', who.user.id).execute();
    const id = (await k.reserve(organiser.headers, drive.id, stock.id, 1)).json().data.id;
    expect((await k.noticesOf(nursery.user.id)).at(-1)).toMatchObject({
      title: 'पौधों का नया आरक्षण',
      body: 'Acme Trees Ltd ने "Lake bund planting" के लिए पौधे आरक्षित किए: नीम का 1 पौधा। कृपया पुष्टि करें या अस्वीकार करें।',
    });
    await k.act(nursery.headers, id, 'confirm');
    expect((await k.noticesOf(organiser.user.id)).at(-1)).toMatchObject({
      title: 'Reserva de plantones confirmada',
      body: 'Green Roots Nursery confirmó tu reserva de 1 plantón de Nim para «Lake bund planting».',
    });
  });

  it('decline and cancel put the saplings back and tell the other party', async () => {
    const { nursery, organiser, drive, stock } = await scene();
    const first = (await k.reserve(organiser.headers, drive.id, stock.id, 3)).json().data.id;
    const second = (await k.reserve(organiser.headers, drive.id, stock.id, 2)).json().data.id;
    const third = (await k.reserve(organiser.headers, drive.id, stock.id, 2)).json().data.id;
    expect(await k.available(stock.id)).toBe(0);

    const declined = await k.act(nursery.headers, first, 'decline');
    expect(declined.json()).toMatchObject({
      message: NURSERY_MESSAGES.declined,
      data: { status: 'declined' },
    });
    expect(await k.available(stock.id)).toBe(3);
    expect((await k.act(nursery.headers, first, 'decline')).statusCode).toBe(409);
    expect(await k.available(stock.id)).toBe(3);

    const cancelled = await k.act(organiser.headers, second, 'cancel');
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await k.available(stock.id)).toBe(5);

    await k.act(nursery.headers, third, 'confirm');
    expect((await k.act(nursery.headers, third, 'cancel')).json().data.status).toBe('cancelled');
    expect(await k.available(stock.id)).toBe(7);

    const nurseryTitles = (await k.noticesOf(nursery.user.id)).map((n) => n.title);
    expect(nurseryTitles.filter((t) => t === 'Sapling reservation cancelled')).toHaveLength(1);
    const organiserNotices = await k.noticesOf(organiser.user.id);
    // Each party's notice opens its own page: the organiser's drive, the nursery's dashboard.
    expect(organiserNotices.at(-1)!.link).toBe(`/app/delive-detail/${drive.id}`);
    expect((await k.noticesOf(nursery.user.id)).at(-1)!.link).toBe('/app/nursery-dashboard');
    const organiserTitles = organiserNotices.map((n) => n.title);
    expect(organiserTitles).toEqual([
      'Sapling reservation declined',
      'Sapling reservation confirmed',
      'Sapling reservation cancelled',
    ]);
  });

  it("lists a drive's reservations for members and a nursery's own for the nursery", async () => {
    const { nursery, organiser, drive, stock } = await scene();
    const id = (await k.reserve(organiser.headers, drive.id, stock.id, 1)).json().data.id;
    const member = await k.signIn();
    const forDrive = await k.send('GET', `/api/drives/${drive.id}/reservations`, member.headers);
    expect(forDrive.json()).toMatchObject({ total: 1, data: [{ id, actions: [] }] });
    expect((await k.send('GET', '/api/drives/nope/reservations', member.headers)).statusCode).toBe(
      404,
    );

    const mine = await k.send('GET', '/api/nursery/reservations?status=open', nursery.headers);
    expect(mine.json()).toMatchObject({
      total: 1,
      data: [{ id, actions: ['confirm', 'decline', 'cancel'] }],
    });
    expect(
      (await k.send('GET', '/api/nursery/reservations?status=delivered', nursery.headers)).json()
        .total,
    ).toBe(0);
    expect(
      (await k.send('GET', '/api/nursery/reservations?status=lost', nursery.headers)).statusCode,
    ).toBe(400);
    expect((await k.send('GET', '/api/nursery/reservations', organiser.headers)).statusCode).toBe(
      403,
    );

    expect(
      (await k.send('GET', `/api/nursery/reservations/${id}`, organiser.headers)).statusCode,
    ).toBe(200);
    expect(
      (await k.send('GET', `/api/nursery/reservations/${id}`, member.headers)).statusCode,
    ).toBe(403);
  });

  it('keeps a drive with open or delivered reservations from deletion', async () => {
    const { nursery, organiser, drive, stock } = await scene();
    const id = (await k.reserve(organiser.headers, drive.id, stock.id, 1)).json().data.id;
    const refused = await k.send('DELETE', `/api/drives/${drive.id}`, organiser.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NURSERY_MESSAGES.driveHasReservations);
    await k.act(nursery.headers, id, 'decline');
    expect((await k.send('DELETE', `/api/drives/${drive.id}`, organiser.headers)).statusCode).toBe(
      200,
    );
    expect(await k.db().selectFrom('sapling_reservations').selectAll().execute()).toHaveLength(0);
  });
});
