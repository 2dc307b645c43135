import { beforeEach, describe, expect, it } from 'vitest';
import { FOREST_LIMITS, forestResponseSchema, type Forest } from '../../../contract/forest';
import { TREE_MESSAGES } from '../../../contract/trees';
import { buildDonation } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewDonation } from '../../db/tables';
import { newId } from '../../lib/ids';
import { treesTestKit, type Headers } from '../trees/tree-test-kit';

describe.each(databaseTargets)('gifts become trees, my forest ($name)', (target) => {
  const kit = treesTestKit(target);
  beforeEach(() => kit.setup());

  /** A paid tree gift written as fulfilment leaves it (payment minutes apart keep the order). */
  let minute = 0;
  async function paidGift(donorId: string, trees: number, overrides: Partial<NewDonation> = {}) {
    const at = new Date(Date.parse('2026-05-01T00:00:00.000Z') + ++minute * 60_000).toISOString();
    const gift = buildDonation(donorId, {
      kind: 'trees',
      trees,
      amount_minor: trees * 100,
      paid_at: at,
      ...overrides,
    });
    await kit.db().insertInto('donations').values(gift).execute();
    return gift;
  }

  async function forest(headers: Headers, query = ''): Promise<Forest> {
    const res = await kit.call('GET', `/api/forest${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return forestResponseSchema.parse(res.json()).data;
  }

  const allocations = () =>
    kit
      .db()
      .selectFrom('tree_gift_allocations')
      .select(['donation_id', 'tree_id', 'plants'])
      .orderBy('created_at')
      .execute();

  const planted = async (id: string) =>
    Number(
      (
        await kit
          .db()
          .selectFrom('donations')
          .select('planted_trees')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).planted_trees,
    );

  /** Registers trees at a drive as its organiser; answers the tree id. */
  async function registerAt(headers: Headers, driveId: string, count: number, extra = {}) {
    const res = await kit.register(headers, { driveId, treeCount: String(count), ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: { tree: { id: string } } }).data.tree.id;
  }

  async function payThroughCheckout(headers: Headers, body: Record<string, unknown>) {
    const made = await kit.call('POST', '/api/donations', headers, body);
    expect(made.statusCode, made.body).toBe(200);
    const id = (made.json() as { data: { donation: { id: string } } }).data.donation.id;
    const paid = await kit.call('POST', '/api/payments/test/confirm', headers, {
      donationId: id,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await kit.idle();
    return id;
  }

  it('refuses a caller without a session, and a bad cursor or limit', async () => {
    expect((await kit.call('GET', '/api/forest')).statusCode).toBe(401);
    const { headers } = await kit.signIn();
    expect((await kit.call('GET', '/api/forest?limit=0', headers)).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/forest?limit=500', headers)).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/forest?treesBefore=nope', headers)).statusCode).toBe(400);
    expect((await kit.call('GET', '/api/forest?giftsBefore=%7B', headers)).statusCode).toBe(400);
  });

  it('an empty forest is all zeros', async () => {
    const { headers } = await kit.signIn();
    const data = await forest(headers);
    expect(data.summary).toEqual({ funded: 0, planted: 0, alive: 0 });
    expect(data).toMatchObject({ gifts: [], trees: [], updates: [] });
  });

  it('allocates a drive’s gifts earliest payment first, then the general fund; the donor sees them planted', async () => {
    const organiser = await kit.signIn();
    const donor = await kit.signIn();
    const other = await kit.signIn();
    const drive = await kit.insertDrive(organiser.user.id, {
      starts_at: '2026-05-10T08:00:00.000Z',
    });
    const later = await paidGift(other.user.id, 4, { drive_id: drive.id });
    const first = await paidGift(donor.user.id, 3, {
      drive_id: drive.id,
      paid_at: '2026-04-01T00:00:00.000Z',
    });
    const fund = await paidGift(donor.user.id, 2);
    const cash = await paidGift(donor.user.id, 0, { kind: 'cash' });
    const pending = await paidGift(donor.user.id, 5, {
      drive_id: drive.id,
      status: 'pending',
      paid_at: null,
    });

    let data = await forest(donor.headers);
    expect(data.summary).toEqual({ funded: 5, planted: 0, alive: 0 });
    expect(data.gifts.map((g) => [g.donationId, g.status, g.plantingOn])).toEqual([
      [fund.id, 'funded', null],
      [first.id, 'funded', drive.starts_at],
    ]);
    void cash;
    void pending;

    // 5 plants: the earlier gift (3) is covered, the later takes 2 of its 4.
    const a = await registerAt(organiser.headers, drive.id, 5);
    expect(await planted(first.id)).toBe(3);
    // The donor is told, by the day's one notice (gift-trees.test.ts: the next gift waits a day).
    await kit.idle();
    const notices = (await kit.noticesOf(donor.user.id)).filter((n) => n.kind === 'gift_planted');
    expect(notices).toEqual([
      expect.objectContaining({
        title: 'Your trees are in the ground',
        body: 'Grandma’s neem (Neem) was planted for your gift. See them grow in your forest.',
        link: '/app/my-forest',
      }),
    ]);
    expect(await planted(later.id)).toBe(2);
    expect(await planted(fund.id)).toBe(0);
    // 4 more: the later gift's 2, then the general fund's 2.
    const b = await registerAt(organiser.headers, drive.id, 4);
    expect(await planted(later.id)).toBe(4);
    expect(await planted(fund.id)).toBe(2);
    expect(await allocations()).toHaveLength(4);

    data = await forest(donor.headers);
    expect(data.summary).toEqual({ funded: 5, planted: 5, alive: 5 });
    expect(data.gifts.map((g) => [g.donationId, g.status, g.planted])).toEqual([
      [fund.id, 'planted', 2],
      [first.id, 'planted', 3],
    ]);
    expect(new Set(data.trees.map((t) => t.id))).toEqual(new Set([a, b]));
    const tree = data.trees.find((t) => t.id === a)!;
    expect(tree).toMatchObject({ giftPlants: 3, isOwner: false, driveName: drive.name });
    // Someone else's tree: coordinates rounded as the API gives them.
    expect(tree.lat).toBe(28.593);

    // The organiser's own forest: their trees, exact.
    const own = await forest(organiser.headers);
    expect(own.summary).toEqual({ funded: 0, planted: 9, alive: 9 });
    expect(own.trees.find((t) => t.id === a)?.lat).toBe(28.593312);

    // Certificates read the planted trees through the read port.
    expect(await kit.services().trees.giftPlantings(first.id)).toMatchObject({
      treeIds: [a],
      planted: 3,
    });
  });

  it('a gift paid after the trees were registered takes free plants at once; a refund releases them', async () => {
    const organiser = await kit.signIn();
    const donor = await kit.signIn();
    const drive = await kit.insertDrive(organiser.user.id);
    const tree = await registerAt(organiser.headers, drive.id, 6);
    expect(await allocations()).toEqual([]);

    const gift = await payThroughCheckout(donor.headers, {
      kind: 'trees',
      trees: 3,
      category: 'Trees',
    });
    expect(await allocations()).toEqual([{ donation_id: gift, tree_id: tree, plants: 3 }]);
    expect((await forest(donor.headers)).gifts[0]).toMatchObject({
      donationId: gift,
      status: 'planted',
    });

    // A second general-fund gift waits for plants the first one gives back on refund.
    const waiting = await paidGift(donor.user.id, 5);
    await kit.services().trees.onGiftPaid({ donationId: waiting.id });
    expect(await planted(waiting.id)).toBe(3);

    const row = await kit
      .db()
      .selectFrom('donations')
      .select(['amount_minor', 'currency'])
      .where('id', '=', gift)
      .executeTakeFirstOrThrow();
    const refund = await kit.services().payments.fulfil({
      provider: 'test',
      id: `evt_${newId()}`,
      type: 'charge.refunded',
      outcome: 'refunded',
      sessionId: null,
      paymentRef: null,
      donationId: gift,
      amount: row.amount_minor,
      currency: row.currency,
      failureReason: null,
    });
    expect(refund).toMatchObject({ status: 'refunded' });
    await kit.idle();
    expect(await planted(gift)).toBe(0);
    expect(await planted(waiting.id)).toBe(5);
    const rows = await allocations();
    expect(rows.find((r) => r.donation_id === gift)).toBeUndefined();
    expect(rows.filter((r) => r.donation_id === waiting.id).reduce((s, r) => s + r.plants, 0)).toBe(
      5,
    );
  });

  it('a gift claimed whole grows in the claimer’s forest: trees planted before and after the claim', async () => {
    const organiser = await kit.signIn();
    const giver = await kit.signIn();
    const friend = await kit.signIn();
    const drive = await kit.insertDrive(organiser.user.id);
    const first = await registerAt(organiser.headers, drive.id, 1);
    const gift = await payThroughCheckout(giver.headers, {
      kind: 'trees',
      trees: 3,
      category: 'Trees',
      gift: { recipientName: 'A friend', recipientEmail: 'friend@example.com' },
    });
    expect(await planted(gift)).toBe(1);
    const link = kit.mailer.sent.find((m) => m.to === 'friend@example.com')?.text ?? '';
    const code = /\/claim\/([A-Za-z0-9_-]{43})/.exec(link)?.[1];
    expect(code, link).toBeDefined();
    const claimed = await kit.call('POST', `/api/gifts/${code}/claim`, friend.headers);
    expect(claimed.statusCode, claimed.body).toBe(200);

    // Planted after the claim: the allocation names the claimer too.
    const second = await registerAt(organiser.headers, drive.id, 2);
    const mine = await forest(friend.headers);
    expect(mine.summary).toEqual({ funded: 3, planted: 3, alive: 3 });
    expect(mine.trees.map((t) => [t.id, t.giftPlants]).sort()).toEqual(
      [
        [first, 1],
        [second, 2],
      ].sort(),
    );
    const givers = await forest(giver.headers);
    expect(givers.summary).toEqual({ funded: 0, planted: 0, alive: 0 });
    expect(givers.trees).toEqual([]);
  });

  it('a tree carrying gifts cannot be deleted; once dead its replacement inherits the gifts', async () => {
    const organiser = await kit.signIn();
    const donor = await kit.signIn();
    const drive = await kit.insertDrive(organiser.user.id);
    const gift = await paidGift(donor.user.id, 2, { drive_id: drive.id });
    const tree = await registerAt(organiser.headers, drive.id, 2);
    const bare = await registerAt(organiser.headers, drive.id, 1);

    const refused = await kit.call('DELETE', `/api/trees/${tree}`, organiser.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      message: TREE_MESSAGES.giftsPlantedHere,
    });
    expect((await kit.call('DELETE', `/api/trees/${bare}`, organiser.headers)).statusCode).toBe(
      200,
    );

    const dead = await kit.call('POST', `/api/trees/${tree}/health`, organiser.headers, {
      status: 'dead',
      cause: 'drought',
    });
    expect(dead.statusCode, dead.body).toBe(200);
    await kit.idle();
    let data = await forest(donor.headers);
    expect(data.summary).toMatchObject({ planted: 2, alive: 0 });
    expect(data.trees[0]).toMatchObject({ id: tree, status: 'dead', cause: 'drought' });
    expect(data.trees[0]?.statusChangedAt).toBeTruthy();

    const replacement = await registerAt(organiser.headers, drive.id, 2, { replacesTreeId: tree });
    expect(await allocations()).toEqual([
      { donation_id: gift.id, tree_id: replacement, plants: 2 },
    ]);
    expect(await planted(gift.id)).toBe(2);
    data = await forest(donor.headers);
    expect(data.summary).toMatchObject({ planted: 2, alive: 2 });
    expect(data.trees.map((t) => t.id)).toEqual([replacement]);
  });

  it('concurrent registrations and payments never give one plant to two gifts', async () => {
    const organiser = await kit.signIn();
    const drive = await kit.insertDrive(organiser.user.id);
    const donors = await Promise.all([1, 2, 3].map(() => kit.signIn()));
    const gifts = [];
    for (const [i, donor] of donors.entries()) {
      gifts.push(await paidGift(donor.user.id, 3, { drive_id: drive.id }));
      gifts.push(await paidGift(donor.user.id, 2 + i));
    }
    // 8 registrations of 2 plants at once, and the fund gifts' jobs racing them.
    const ids = await Promise.all([
      ...Array.from({ length: 8 }, () => registerAt(organiser.headers, drive.id, 2)),
      ...gifts.map((g) =>
        kit
          .services()
          .trees.onGiftPaid({ donationId: g.id })
          .then(() => ''),
      ),
    ]);
    expect(ids.filter(Boolean)).toHaveLength(8);
    const rows = await allocations();
    const byGift = new Map<string, number>();
    const byTree = new Map<string, number>();
    for (const r of rows) {
      byGift.set(r.donation_id, (byGift.get(r.donation_id) ?? 0) + r.plants);
      byTree.set(r.tree_id, (byTree.get(r.tree_id) ?? 0) + r.plants);
    }
    for (const g of gifts) {
      expect(byGift.get(g.id) ?? 0).toBeLessThanOrEqual(g.trees);
      expect(await planted(g.id)).toBe(byGift.get(g.id) ?? 0);
    }
    for (const n of byTree.values()) expect(n).toBeLessThanOrEqual(2);
    // 16 plants, 9 drive trees and 9 fund trees asked: every plant is given exactly once.
    expect([...byGift.values()].reduce((a, b) => a + b, 0)).toBe(16);
    for (const g of gifts.filter((g) => g.drive_id)) expect(byGift.get(g.id)).toBe(3);
    const treeRows = await kit.db().selectFrom('trees').select(['id', 'gift_plants']).execute();
    for (const t of treeRows) expect(Number(t.gift_plants)).toBe(byTree.get(t.id) ?? 0);
  });

  it('shows a drive’s field updates to its donors (trees or cash) and participants, to no one else', async () => {
    const organiser = await kit.signIn();
    const drive = await kit.insertDrive(organiser.user.id);
    const treeDonor = await kit.signIn();
    const cashDonor = await kit.signIn();
    const participant = await kit.signIn();
    const refunded = await kit.signIn();
    const stranger = await kit.signIn();
    await paidGift(treeDonor.user.id, 2, { drive_id: drive.id });
    await paidGift(cashDonor.user.id, 0, { kind: 'cash', drive_id: drive.id });
    await paidGift(refunded.user.id, 0, { kind: 'cash', drive_id: drive.id, status: 'refunded' });
    await kit.join(drive.id, participant.user.id);

    const text = 'The first saplings are in along the east bank.';
    const posted = await kit.sendForm(
      'POST',
      `/api/drives/${drive.id}/updates`,
      organiser.headers,
      {
        text,
      },
    );
    expect(posted.statusCode, posted.body).toBe(201);

    for (const member of [treeDonor, cashDonor, participant]) {
      const { updates } = await forest(member.headers);
      expect(updates.map((u) => [u.driveId, u.text])).toEqual([[drive.id, text]]);
    }
    for (const member of [refunded, stranger])
      expect((await forest(member.headers)).updates).toEqual([]);
  });

  it('shows the updates of the first 50 timeline drives: its gifts’ first, then cash and joined drives only while there is room', async () => {
    const organiser = await kit.signIn();
    const member = await kit.signIn();
    const giftDrives = [];
    for (let i = 0; i < FOREST_LIMITS.drivesMax; i++) {
      const drive = await kit.insertDrive(organiser.user.id);
      giftDrives.push(drive);
      await paidGift(member.user.id, 1, { drive_id: drive.id });
    }
    const cash = await kit.insertDrive(organiser.user.id);
    const joined = await kit.insertDrive(organiser.user.id);
    await paidGift(member.user.id, 0, { kind: 'cash', drive_id: cash.id });
    await kit.join(joined.id, member.user.id);
    for (const drive of [giftDrives[0]!, cash, joined]) {
      const posted = await kit.sendForm(
        'POST',
        `/api/drives/${drive.id}/updates`,
        organiser.headers,
        { text: `News from ${drive.id}` },
      );
      expect(posted.statusCode, posted.body).toBe(201);
    }
    // Fifty gift drives fill the timeline: the cash and joined drives are past it (they are not
    // read at all), as when every list was read and the first fifty kept.
    expect((await forest(member.headers)).updates.map((u) => u.driveId)).toEqual([
      giftDrives[0]!.id,
    ]);
    // One gift refunded leaves room for one more: the cash drive (read before the joined ones).
    await kit
      .db()
      .updateTable('donations')
      .set({ status: 'refunded' })
      .where('donor_id', '=', member.user.id)
      .where('drive_id', '=', giftDrives[1]!.id)
      .execute();
    expect(new Set((await forest(member.headers)).updates.map((u) => u.driveId))).toEqual(
      new Set([giftDrives[0]!.id, cash.id]),
    );
  });

  it('pages the trees and gifts by keyset', async () => {
    const { user, headers } = await kit.signIn();
    for (let i = 0; i < 3; i++)
      await kit.insertTree(user.id, { planted_at: `2026-05-0${i + 1}T00:00:00.000Z` });
    for (let i = 0; i < 3; i++) await paidGift(user.id, 1);
    const first = await forest(headers, '?limit=2');
    expect(first.trees).toHaveLength(2);
    expect(first.gifts).toHaveLength(2);
    expect(first.next.trees).toBeTruthy();
    const second = await forest(
      headers,
      `?limit=2&treesBefore=${first.next.trees}&giftsBefore=${first.next.gifts}`,
    );
    expect(second.trees).toHaveLength(1);
    expect(second.gifts).toHaveLength(1);
    expect(second.next).toMatchObject({ trees: null, gifts: null });
    expect(new Set([...first.trees, ...second.trees].map((t) => t.id)).size).toBe(3);
  });

  it('reads two members’ pages in turn, each after its own cursors: every list shows its own member’s', async () => {
    // Issue 20: the forest's reads are prepared once and bind each call's member and cursors.
    const organiser = await kit.signIn();
    const members = [await kit.signIn(), await kit.signIn()];
    const theirs = new Map<string, { trees: string[]; gifts: string[]; updates: string[] }>();
    for (const [k, member] of members.entries()) {
      const drive = await kit.insertDrive(organiser.user.id);
      await kit.join(drive.id, member.user.id);
      const own = { trees: [] as string[], gifts: [] as string[], updates: [] as string[] };
      for (let i = 0; i < 3; i++) {
        const day = `2026-05-0${1 + i + 3 * k}T00:00:00.000Z`;
        own.trees.push((await kit.insertTree(member.user.id, { planted_at: day })).id);
        own.gifts.push((await paidGift(member.user.id, 1)).id);
        const text = `News ${k}.${i}`;
        const posted = await kit.sendForm(
          'POST',
          `/api/drives/${drive.id}/updates`,
          organiser.headers,
          { text },
        );
        expect(posted.statusCode, posted.body).toBe(201);
        own.updates.push(text);
      }
      theirs.set(member.user.id, own);
    }
    const firsts = [];
    for (const member of members) firsts.push(await forest(member.headers, '?limit=2'));
    for (const [k, member] of members.entries()) {
      const first = firsts[k]!;
      const { trees, gifts, updates } = theirs.get(member.user.id)!;
      expect(first.trees.map((t) => t.id)).toEqual([trees[2], trees[1]]);
      const second = await forest(
        member.headers,
        `?limit=2&treesBefore=${first.next.trees}&giftsBefore=${first.next.gifts}&updatesBefore=${first.next.updates}`,
      );
      expect([...first.trees, ...second.trees].map((t) => t.id)).toEqual([...trees].reverse());
      expect([...first.gifts, ...second.gifts].map((g) => g.donationId)).toEqual(
        [...gifts].reverse(),
      );
      expect(new Set([...first.updates, ...second.updates].map((u) => u.text))).toEqual(
        new Set(updates),
      );
      expect(second.next).toEqual({ trees: null, gifts: null, updates: null });
    }
  });
});
