import { beforeEach, describe, expect, it } from 'vitest';
import { NURSERY_MESSAGES } from '../../../contract/nursery';
import { TREE_MESSAGES } from '../../../contract/trees';
import { TEST_PASSWORD } from '../../../tests/support/signed-in';
import { databaseTargets } from '../../../tests/support/test-database';
import { nurseryTestKit, UPCOMING } from './nursery-test-kit';

describe.each(databaseTargets)('the chain from nursery to living tree on $name', (target) => {
  const k = nurseryTestKit(target);
  beforeEach(() => k.setup());

  /** A nursery's stock (price 250), reserved by an organiser for their drive: `steps` taken. */
  async function reserved(steps: Array<'confirm' | 'deliver'> = [], quantity = 5) {
    const nursery = await k.nursery();
    const organiser = await k.organiser();
    const drive = await k.insertDrive(organiser.user.id, {
      starts_at: UPCOMING,
      name: 'Lake bund planting',
    });
    const stock = await k.addStock(nursery.headers, { quantityAvailable: 20 });
    const id = (await k.reserve(organiser.headers, drive.id, stock.id, quantity)).json().data
      .id as string;
    for (const step of steps) expect((await k.act(nursery.headers, id, step)).statusCode).toBe(200);
    return { nursery, organiser, drive, stock, id };
  }

  const donate = (headers: Record<string, string>, body: Record<string, unknown>) =>
    k.send('POST', '/api/donations', headers, { category: 'Trees', ...body });
  const pay = (headers: Record<string, string>, donationId: string) =>
    k.send('POST', '/api/payments/test/confirm', headers, {
      donationId,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });

  describe('donations', () => {
    it("price a drive's trees at the general price until a nursery confirms", async () => {
      const { drive } = await reserved();
      const donor = await k.signIn();
      const general = (await k.send('GET', '/api/donations/options', donor.headers)).json().data;
      const res = await donate(donor.headers, { kind: 'trees', trees: 2, driveId: drive.id });
      expect(res.json().data.donation).toMatchObject({
        amount: 2 * general.treePrice,
        nursery: null,
      });
      const options = await k.send(
        'GET',
        `/api/donations/options?driveId=${drive.id}`,
        donor.headers,
      );
      expect(options.json().data).toMatchObject({ treePrice: general.treePrice, nursery: null });
    });

    it("price at the nursery's sapling price and allocate to the reservation once confirmed", async () => {
      const { nursery, organiser, drive, id } = await reserved(['confirm']);
      const donor = await k.signIn({ name: 'Dana Donor' });
      const options = await k.send(
        'GET',
        `/api/donations/options?driveId=${drive.id}`,
        donor.headers,
      );
      expect(options.json().data).toMatchObject({
        treePrice: 250,
        nursery: { id: nursery.user.id, name: 'Green Roots Nursery' },
      });

      const res = await donate(donor.headers, { kind: 'trees', trees: 4, driveId: drive.id });
      expect(res.statusCode).toBe(200);
      const donation = res.json().data.donation;
      expect(donation).toMatchObject({
        amount: 1000,
        nursery: { id: nursery.user.id, name: 'Green Roots Nursery' },
      });
      const row = await k
        .db()
        .selectFrom('donations')
        .selectAll()
        .where('id', '=', donation.id)
        .executeTakeFirstOrThrow();
      expect(row.reservation_id).toBe(id);

      // Cash is not priced per tree and is not allocated; the general fund is not either.
      const cash = await donate(donor.headers, { kind: 'cash', amount: 1500, driveId: drive.id });
      expect(cash.json().data.donation).toMatchObject({ amount: 1500, nursery: null });
      const fund = await donate(donor.headers, { kind: 'trees', trees: 1 });
      expect(fund.json().data.donation.nursery).toBeNull();

      // The receipt says who grows the trees.
      expect((await pay(donor.headers, donation.id)).statusCode).toBe(200);
      const receipt = await k.send('GET', `/api/donations/${donation.id}`, donor.headers);
      expect(receipt.json().data).toMatchObject({
        status: 'paid',
        nursery: { name: 'Green Roots Nursery' },
      });

      // Donors paid for its saplings: neither party can cancel it any more.
      for (const who of [organiser, nursery]) {
        const refused = await k.act(who.headers, id, 'cancel');
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(NURSERY_MESSAGES.reservationHasDonations);
      }
    });
  });

  describe('trees', () => {
    it('name a delivered reservation of their drive, and nothing else', async () => {
      const { drive, id } = await reserved(['confirm']);
      const volunteer = await k.signIn({ name: 'Vera Volunteer' });
      await k.join(drive.id, volunteer.user.id);

      const notDelivered = await k.register(volunteer.headers, {
        driveId: drive.id,
        reservationId: id,
      });
      expect(notDelivered.statusCode).toBe(400);
      expect(notDelivered.json()).toMatchObject({
        field: 'reservationId',
        message: TREE_MESSAGES.reservationInvalid,
      });

      const other = await reserved(['confirm', 'deliver']);
      const wrongDrive = await k.register(volunteer.headers, {
        driveId: drive.id,
        reservationId: other.id,
      });
      expect(wrongDrive.statusCode).toBe(400);
      const noDrive = await k.register(volunteer.headers, { reservationId: other.id });
      expect(noDrive.statusCode).toBe(400);
      expect(await k.db().selectFrom('trees').selectAll().execute()).toHaveLength(0);
    });

    it('show the whole chain: drive page counts and the tree page provenance', async () => {
      const { nursery, organiser, drive, id } = await reserved(['confirm', 'deliver'], 5);
      const donor = await k.signIn({ name: 'Dana Donor' });
      const hidden = await k.signIn({ name: 'Secret Donor' });
      for (const [who, anonymous] of [
        [donor, false],
        [hidden, true],
      ] as const) {
        const res = await donate(who.headers, {
          kind: 'trees',
          trees: 2,
          driveId: drive.id,
          anonymous,
        });
        expect((await pay(who.headers, res.json().data.donation.id)).statusCode).toBe(200);
      }
      const volunteer = await k.signIn({ name: 'Vera Volunteer' });
      await k.join(drive.id, volunteer.user.id);
      const planted = await k.register(volunteer.headers, {
        driveId: drive.id,
        reservationId: id,
        treeCount: '4',
      });
      expect(planted.statusCode).toBe(201);
      const tree = planted.json().data.tree;
      expect(tree.reservationId).toBe(id);
      // One more registered without naming the reservation does not count in the chain.
      await k.register(volunteer.headers, { driveId: drive.id, treeCount: '3' });

      const chain = await k.send('GET', `/api/drives/${drive.id}/chain`, volunteer.headers);
      expect(chain.json().data).toEqual({
        reserved: 5,
        delivered: 5,
        planted: 4,
        alive: 4,
        nurseries: [{ id: nursery.user.id, name: 'Green Roots Nursery' }],
      });
      expect((await k.send('GET', '/api/drives/nope/chain', volunteer.headers)).statusCode).toBe(
        404,
      );

      const provenance = await k.send('GET', `/api/trees/${tree.id}/provenance`, organiser.headers);
      expect(provenance.statusCode).toBe(200);
      expect(provenance.json().data).toEqual({
        nursery: { id: nursery.user.id, name: 'Green Roots Nursery' },
        reservationId: id,
        drive: { id: drive.id, name: 'Lake bund planting', startsAt: UPCOMING },
        donors: [
          { userId: donor.user.id, name: 'Dana Donor' },
          { userId: null, name: null },
        ],
        planter: { id: volunteer.user.id, name: 'Vera Volunteer' },
      });
      expect(
        (await k.send('GET', '/api/trees/nope/provenance', organiser.headers)).statusCode,
      ).toBe(404);

      // A death shows in "alive today".
      await k
        .db()
        .updateTable('trees')
        .set({ status: 'dead', alive_count: 0 })
        .where('id', '=', tree.id)
        .execute();
      expect(
        (await k.send('GET', `/api/drives/${drive.id}/chain`, volunteer.headers)).json().data.alive,
      ).toBe(0);
    });
  });

  describe('the nursery dashboard', () => {
    it('is for nursery accounts only', async () => {
      const member = await k.signIn();
      const res = await k.send('GET', '/api/dashboard/nursery', member.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NURSERY_MESSAGES.nurseryOnly);
    });

    it('sums stock by species with low-stock warnings, open reservations, deliveries and months', async () => {
      const { nursery, organiser, drive, stock } = await reserved(['confirm', 'deliver'], 5);
      await k.addStock(nursery.headers, { speciesId: 2, quantityAvailable: 3 });
      const open = (await k.reserve(organiser.headers, drive.id, stock.id, 2)).json().data.id;
      const res = await k.send('GET', '/api/dashboard/nursery', nursery.headers);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.species).toEqual([
        {
          species: expect.objectContaining({ value: 1 }),
          quantityAvailable: 13,
          lines: 1,
          lowStock: false,
        },
        {
          species: expect.objectContaining({ value: 2 }),
          quantityAvailable: 3,
          lines: 1,
          lowStock: true,
        },
      ]);
      expect(data.openReservations.map((r: { id: string }) => r.id)).toEqual([open]);
      expect(data.openReservations[0].actions).toEqual(['confirm', 'decline', 'cancel']);
      expect(data.saplingsDelivered).toBe(5);
      expect(data.drivesSupplied).toBe(1);
      expect(data.months).toHaveLength(12);
      expect(data.months.at(-1)).toEqual({ month: '2026-06', reserved: 7, delivered: 5 });
    });
  });

  describe('account deletion', () => {
    const deleteAccount = (headers: Record<string, string>) =>
      k.send('DELETE', '/api/users/me', headers, { password: TEST_PASSWORD, confirm: 'DELETE' });

    it('of a nursery cancels its open reservations and removes its stock; deliveries stay', async () => {
      const { nursery, organiser, drive, id } = await reserved(['confirm', 'deliver'], 5);
      const stock2 = await k.addStock(nursery.headers, { speciesId: 3 });
      const open = (await k.reserve(organiser.headers, drive.id, stock2.id, 2)).json().data.id;
      const unused = await k.addStock(nursery.headers, { speciesId: 4 });
      expect((await deleteAccount(nursery.headers)).statusCode).toBe(200);

      const rows = await k
        .db()
        .selectFrom('sapling_reservations')
        .select(['id', 'status'])
        .execute();
      expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
        [id]: 'delivered',
        [open]: 'cancelled',
      });
      const stock = await k.db().selectFrom('nursery_stock').select(['id', 'removed_at']).execute();
      expect(stock.map((s) => s.id)).not.toContain(unused.id);
      expect(stock.every((s) => s.removed_at !== null)).toBe(true);
      const notices = await k.noticesOf(organiser.user.id);
      expect(notices.at(-1)!.body).toContain('closed their account');
      // The drive's chain still names where its saplings came from.
      const chain = await k.send('GET', `/api/drives/${drive.id}/chain`, organiser.headers);
      expect(chain.json().data).toMatchObject({
        delivered: 5,
        nurseries: [{ name: 'Former member' }],
      });
    });

    it('of an organiser cancels their open reservations and returns the saplings', async () => {
      const { nursery, organiser, stock } = await reserved(['confirm'], 5);
      expect(await k.available(stock.id)).toBe(15);
      expect((await deleteAccount(organiser.headers)).statusCode).toBe(200);
      expect(await k.available(stock.id)).toBe(20);
      const rows = await k.db().selectFrom('sapling_reservations').selectAll().execute();
      // The upcoming drive is cancelled with it, its closed reservation going too.
      expect(rows.every((r) => r.status === 'cancelled')).toBe(true);
      expect((await k.noticesOf(nursery.user.id)).at(-1)!.title).toBe(
        'Sapling reservation cancelled',
      );
    });
  });
});
