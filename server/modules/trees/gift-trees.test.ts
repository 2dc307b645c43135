import { beforeEach, describe, expect, it } from 'vitest';
import type { TreeForm } from '../../../contract/trees';
import { buildDonation } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewDonation } from '../../db/tables';
import type { SessionUser } from '../auth/auth.service';
import { buildTreeRegistration, treePhoto, treesTestKit } from './tree-test-kit';

const DAY = 86_400_000;

/** Issue 19 §1: the reminder, donors' tree news, allocations following edits, the backfill. */
describe.each(databaseTargets)('gifts become trees: notices and upkeep ($name)', (target) => {
  const kit = treesTestKit(target);
  beforeEach(() => kit.setup());
  const trees = () => kit.services().trees;

  let minute = 0;
  async function paidGift(donorId: string, count: number, overrides: Partial<NewDonation> = {}) {
    const at = new Date(Date.parse('2026-05-01T00:00:00.000Z') + ++minute * 60_000).toISOString();
    const gift = buildDonation(donorId, {
      kind: 'trees',
      trees: count,
      amount_minor: count * 100,
      paid_at: at,
      ...overrides,
    });
    await kit.db().insertInto('donations').values(gift).execute();
    return gift;
  }

  const asUser = (u: { user: unknown }) => u.user as SessionUser;
  /** The clock a minute past the midnight after `now`, the queue run: that day (YYYY-MM-DD). */
  async function nextDay(now: Date): Promise<string> {
    const day = now.toISOString().slice(0, 10);
    kit.clock.set(new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY + 60_000).toISOString());
    await kit.idle();
    return kit.clock.now().toISOString().slice(0, 10);
  }
  const form = (driveId: string | null, treeCount: number, extra: Partial<TreeForm> = {}) =>
    buildTreeRegistration({ driveId, treeCount, ...extra });

  const allocations = async () =>
    (
      await kit
        .db()
        .selectFrom('tree_gift_allocations')
        .select(['donation_id', 'tree_id', 'plants'])
        .execute()
    )
      .map((r) => ({ ...r, plants: Number(r.plants) }))
      .sort((a, b) => `${a.donation_id}${a.tree_id}`.localeCompare(`${b.donation_id}${b.tree_id}`));
  const plantedOf = async (id: string) =>
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
  const giftPlantsOf = async (id: string) =>
    Number(
      (
        await kit
          .db()
          .selectFrom('trees')
          .select('gift_plants')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).gift_plants,
    );
  const byKind = async (userId: string, kind: string) =>
    (await kit.noticesOf(userId)).filter((n) => n.kind === kind);

  describe('the organiser reminder', () => {
    it('reminds the organiser and the team’s owners and admins once, the day after a drive owing trees', async () => {
      const org = await kit.signIn({ profile_type: 'corporate', name: 'Green Co' });
      const admin = await kit.signIn({ name: 'Ada' });
      const member = await kit.signIn();
      const donor = await kit.signIn();
      const joined = new Date().toISOString();
      await kit
        .db()
        .insertInto('team_members')
        .values([
          { organisation_id: org.user.id, user_id: org.user.id, role: 'owner', joined_at: joined },
          {
            organisation_id: org.user.id,
            user_id: admin.user.id,
            role: 'admin',
            joined_at: joined,
          },
          {
            organisation_id: org.user.id,
            user_id: member.user.id,
            role: 'member',
            joined_at: joined,
          },
        ])
        .execute();
      // Now is 2026-06-01 10:00 UTC: these drives ended yesterday, today, and a week ago.
      const owing = await kit.insertDrive(org.user.id, {
        name: 'Monsoon Day',
        starts_at: '2026-05-31T08:00:00.000Z',
        duration_hours: 3,
      });
      const planted = await kit.insertDrive(org.user.id, {
        starts_at: '2026-05-31T09:00:00.000Z',
        duration_hours: 1,
      });
      const today = await kit.insertDrive(org.user.id, {
        starts_at: '2026-06-01T06:00:00.000Z',
        duration_hours: 1,
      });
      const old = await kit.insertDrive(org.user.id, {
        starts_at: '2026-05-20T06:00:00.000Z',
        duration_hours: 1,
      });
      const gift = await paidGift(donor.user.id, 4, { drive_id: owing.id });
      await paidGift(donor.user.id, 2, { drive_id: planted.id });
      await paidGift(donor.user.id, 2, { drive_id: today.id });
      await paidGift(donor.user.id, 2, { drive_id: old.id });
      // Part of the owing drive's gift is planted; all of the other one's.
      await trees().register(asUser(org), { form: form(owing.id, 1), image: null });
      await trees().register(asUser(org), { form: form(planted.id, 2), image: null });
      expect(await plantedOf(gift.id)).toBe(1);

      // The donor reads that the organiser has yet to record it (the drive is over).
      const forest = (await kit.call('GET', '/api/forest', donor.headers)).json() as {
        data: {
          gifts: Array<{ donationId: string; status: string; waitingForOrganiser: boolean }>;
        };
      };
      const waiting = Object.fromEntries(
        forest.data.gifts.map((g) => [g.donationId, [g.status, g.waitingForOrganiser]]),
      );
      expect(waiting[gift.id]).toEqual(['partly-planted', true]);
      expect(Object.values(waiting).filter(([, w]) => w)).toHaveLength(3); // not the planted one

      expect(await trees().sendPlantingReminders()).toBe(1);
      await kit.idle();
      for (const person of [org, admin]) {
        const [notice, ...rest] = await byKind(person.user.id, 'planting_reminder');
        expect(rest).toEqual([]);
        expect(notice).toMatchObject({
          title: 'Record the planting of "Monsoon Day"',
          link: `/app/tree-registeration?driveId=${owing.id}`,
        });
      }
      expect(await byKind(member.user.id, 'planting_reminder')).toEqual([]);
      expect(await byKind(donor.user.id, 'planting_reminder')).toEqual([]);
      const mails = kit.mailer.sent.filter((m) => m.subject.includes('Monsoon Day'));
      expect(mails.map((m) => m.to).sort()).toEqual([org.user.email, admin.user.email].sort());
      expect(mails[0]!.text).toContain(
        `https://canopy.example/app/tree-registeration?driveId=${owing.id}`,
      );

      // Two app servers running the job at once: one reminder.
      const twin = { driveId: today.id, startsAt: today.starts_at };
      kit.clock.advance(DAY);
      const [x, y] = await Promise.all([
        trees().sendPlantingReminder(twin),
        trees().sendPlantingReminder(twin),
      ]);
      expect(x + y).toBe(2); // the organiser and the admin, once
      kit.clock.set(new Date(Date.parse(kit.clock.now().toISOString()) - DAY).toISOString());

      // Run twice (a second tick, a retried job, the next day): nobody is told twice.
      expect(await trees().sendPlantingReminders()).toBe(0);
      expect(
        await trees().sendPlantingReminder({ driveId: owing.id, startsAt: owing.starts_at }),
      ).toBe(0);
      // The next day, today's drive (reminded above by the twin jobs) is not reminded again.
      kit.clock.advance(DAY);
      expect(await trees().sendPlantingReminders()).toBe(0);
      await kit.idle();
      expect(await byKind(org.user.id, 'planting_reminder')).toHaveLength(2);
      expect(kit.mailer.sent.filter((m) => m.subject.includes('Monsoon Day'))).toHaveLength(2);
      expect(kit.mailer.sent.filter((m) => m.to === org.user.email)).toHaveLength(2);
    });
  });

  describe('donors’ tree news', () => {
    it('tells a tree’s donors of a photo, a death (cause and date) and a replacement, one notice a day', async () => {
      // A clock near real time: the news held for the next day waits on either queue.
      const now = new Date();
      kit.clock.set(now.toISOString());
      const organiser = await kit.signIn({ profile_type: 'corporate' });
      const donor = await kit.signIn();
      const bystander = await kit.signIn();
      const drive = await kit.insertDrive(organiser.user.id, { name: 'River Day' });
      await paidGift(donor.user.id, 2, { drive_id: drive.id });
      await paidGift(bystander.user.id, 1, { drive_id: drive.id });
      const me = asUser(organiser);
      // The day before, the organiser plants: a holds the donor's gift; b the bystander's. That
      // day's one notice tells each donor their trees are in the ground.
      kit.clock.set(new Date(now.getTime() - DAY).toISOString());
      const a = await trees().register(me, { form: form(drive.id, 2), image: null });
      const b = await trees().register(me, { form: form(drive.id, 1), image: null });
      await kit.idle();
      for (const who of [donor, bystander])
        expect(await byKind(who.user.id, 'gift_planted')).toEqual([
          expect.objectContaining({
            title: 'Your trees are in the ground',
            body: 'Neem was planted for your gift. See them grow in your forest.',
            link: '/app/my-forest',
          }),
        ]);
      kit.clock.set(now.toISOString());
      const news = () => byKind(donor.user.id, 'gift_tree_news');

      // A measurement without a photo is no news; with one it is, at once.
      const measure = (photo: Buffer | null) =>
        trees().addMeasurement(me, a.id, {
          form: {
            measuredAt: now.toISOString().slice(0, 10),
            heightCm: 40,
            diameterCm: 1,
            aliveCount: undefined,
          },
          photo,
        });
      await measure(null);
      await kit.idle();
      expect(await news()).toEqual([]);
      await measure(await treePhoto());
      await kit.idle();
      expect(await news()).toEqual([
        expect.objectContaining({
          title: 'News of a tree you gave',
          body: 'Neem was measured, with a new photo.',
          link: `/app/trees/${a.id}`,
        }),
      ]);

      // The same day: it dies and is replaced. The donor hears the next day, in one notice.
      await trees().reportHealth(me, a.id, {
        form: { status: 'dead', cause: 'drought', aliveCount: undefined },
        photo: null,
      });

      // Until it is replaced, the donor's forest shows it dead, with the cause and the date.
      const before = (await kit.call('GET', '/api/forest', donor.headers)).json() as {
        data: {
          trees: Array<{
            id: string;
            status: string;
            cause: string | null;
            statusChangedAt: string | null;
          }>;
        };
      };
      expect(before.data.trees.find((t) => t.id === a.id)).toMatchObject({
        status: 'dead',
        cause: 'drought',
        statusChangedAt: kit.clock.now().toISOString(),
      });

      const c = await trees().register(me, {
        form: form(drive.id, 2, { replacesTreeId: a.id, treeName: 'New neem' }),
        image: null,
      });
      await kit.idle();
      expect(await news()).toHaveLength(1);
      const tomorrow = await nextDay(now);
      // SQLite's queue ran it at idle; PostgreSQL's waits for real midnight: the job itself.
      await trees().sendGiftTreeNews({ donorId: donor.user.id, day: tomorrow });
      const told = await news();
      expect(told).toHaveLength(2);
      const latest = told.find((n) => n.title !== 'News of a tree you gave')!;
      expect(latest).toMatchObject({ title: 'News of 2 trees you gave', link: '/app/my-forest' });
      expect(latest.body).toContain(`Neem died on ${now.toISOString().slice(0, 10)} (drought)`);
      expect(latest.body).toContain('New neem (Neem) was planted to replace a tree that died');
      // Run again: told already.
      expect(await trees().sendGiftTreeNews({ donorId: donor.user.id, day: tomorrow })).toBe(0);
      expect(await news()).toHaveLength(2);
      // The bystander's tree had no news; the owner-side death notice names no donor now.
      expect(await byKind(bystander.user.id, 'gift_tree_news')).toEqual([]);
      expect(await byKind(bystander.user.id, 'tree_died')).toEqual([]);
      void b;
      void c;

      // The donor's forest shows the dead tree's replacement carrying the gift (read at the
      // sign-in's time: a day on, the 8-hour session would have ended before 16:00 UTC).
      kit.clock.set(now.toISOString());
      const forest = await kit.call('GET', '/api/forest', donor.headers);
      const shown = (forest.json() as { data: { trees: Array<{ id: string }> } }).data.trees;
      expect(shown.map((t) => t.id)).toContain(c.id);
    });
  });

  describe('one notice a day', () => {
    it('tells a donor their gift was planted, and news of that tree the same day only the next day', async () => {
      const now = new Date();
      kit.clock.set(now.toISOString());
      const organiser = await kit.signIn({ profile_type: 'corporate' });
      const donor = await kit.signIn();
      const drive = await kit.insertDrive(organiser.user.id);
      await paidGift(donor.user.id, 2, { drive_id: drive.id });
      const me = asUser(organiser);
      const tree = await trees().register(me, { form: form(drive.id, 2), image: null });
      await kit.idle();
      expect(await byKind(donor.user.id, 'gift_planted')).toHaveLength(1);

      // Measured with a photo the same day: told the next day, not a second notice today.
      await trees().addMeasurement(me, tree.id, {
        form: {
          measuredAt: now.toISOString().slice(0, 10),
          heightCm: 30,
          diameterCm: 1,
          aliveCount: undefined,
        },
        photo: await treePhoto(),
      });
      await kit.idle();
      expect(await byKind(donor.user.id, 'gift_tree_news')).toEqual([]);

      const tomorrow = await nextDay(now);
      // SQLite's queue ran it at idle; PostgreSQL's waits for real midnight: the job itself.
      await trees().sendGiftTreeNews({ donorId: donor.user.id, day: tomorrow });
      expect(await byKind(donor.user.id, 'gift_tree_news')).toEqual([
        expect.objectContaining({ body: 'Neem was measured, with a new photo.' }),
      ]);
      expect(await byKind(donor.user.id, 'gift_planted')).toHaveLength(1);
    });
  });

  describe('in the donor’s language (issue 26)', () => {
    it('tells a Hindi and a Spanish donor of their planted trees and their news in their language', async () => {
      const now = new Date();
      kit.clock.set(now.toISOString());
      const organiser = await kit.signIn({ profile_type: 'corporate' });
      const hindi = await kit.signIn({ locale: 'hi' });
      const spanish = await kit.signIn({ locale: 'es' });
      const drive = await kit.insertDrive(organiser.user.id);
      await paidGift(hindi.user.id, 1, { drive_id: drive.id });
      await paidGift(spanish.user.id, 1, { drive_id: drive.id });
      const me = asUser(organiser);
      await trees().register(me, { form: form(drive.id, 1), image: null });
      const tree = await trees().register(me, { form: form(drive.id, 1), image: null });
      await kit.idle();
      expect(await byKind(hindi.user.id, 'gift_planted')).toEqual([
        expect.objectContaining({
          title: 'आपके पेड़ ज़मीन में लग गए हैं',
          body: 'नीम आपके दान से लगाया गया। अपने जंगल में उन्हें बढ़ते देखिए।',
        }),
      ]);
      expect(await byKind(spanish.user.id, 'gift_planted')).toEqual([
        expect.objectContaining({ title: 'Tus árboles ya están en la tierra' }),
      ]);

      await trees().addMeasurement(me, tree.id, {
        form: {
          measuredAt: now.toISOString().slice(0, 10),
          heightCm: 30,
          diameterCm: 1,
          aliveCount: undefined,
        },
        photo: await treePhoto(),
      });
      const tomorrow = await nextDay(now);
      await trees().sendGiftTreeNews({ donorId: spanish.user.id, day: tomorrow });
      expect(await byKind(spanish.user.id, 'gift_tree_news')).toEqual([
        expect.objectContaining({
          title: 'Noticias de un árbol que donaste',
          body: 'Se midió Nim y tiene una foto nueva.',
        }),
      ]);
    });
  });

  describe('edits', () => {
    it('gives back plants a tree no longer has, and a moved tree’s gifts, in the same write', async () => {
      const organiser = await kit.signIn({ profile_type: 'corporate' });
      const donor = await kit.signIn();
      const driveA = await kit.insertDrive(organiser.user.id);
      const driveB = await kit.insertDrive(organiser.user.id);
      const first = await paidGift(donor.user.id, 3, { drive_id: driveA.id });
      const second = await paidGift(donor.user.id, 2, { drive_id: driveA.id });
      const atB = await paidGift(donor.user.id, 1, { drive_id: driveB.id });
      const me = asUser(organiser);
      const t1 = await trees().register(me, { form: form(driveA.id, 5), image: null });
      expect(await allocations()).toHaveLength(2);
      const t2 = await trees().register(me, { form: form(driveA.id, 2), image: null });
      expect(await giftPlantsOf(t2.id)).toBe(0);

      // 5 → 3 plants: the latest gift gives its 2 back and takes t2's free plants.
      await trees().update(me, t1.id, { form: { treeCount: 3 }, image: null });
      const sorted = (rows: Array<{ donation_id: string; tree_id: string; plants: number }>) =>
        rows.sort((x, y) =>
          `${x.donation_id}${x.tree_id}`.localeCompare(`${y.donation_id}${y.tree_id}`),
        );
      expect(await allocations()).toEqual(
        sorted([
          { donation_id: first.id, tree_id: t1.id, plants: 3 },
          { donation_id: second.id, tree_id: t2.id, plants: 2 },
        ]),
      );
      expect([await giftPlantsOf(t1.id), await giftPlantsOf(t2.id)]).toEqual([3, 2]);
      expect([await plantedOf(first.id), await plantedOf(second.id)]).toEqual([3, 2]);

      // t2 moves to drive B: the second gift is open again (A has no free plant), B's is covered.
      await trees().update(me, t2.id, { form: { driveId: driveB.id }, image: null });
      expect(await allocations()).toEqual(
        sorted([
          { donation_id: first.id, tree_id: t1.id, plants: 3 },
          { donation_id: atB.id, tree_id: t2.id, plants: 1 },
        ]),
      );
      expect([await plantedOf(second.id), await plantedOf(atB.id)]).toEqual([0, 1]);
      expect(await giftPlantsOf(t2.id)).toBe(1);

      // More plants at A again: the open gift takes them.
      await trees().update(me, t1.id, { form: { treeCount: 6 }, image: null });
      expect(await plantedOf(second.id)).toBe(2);
      expect(await giftPlantsOf(t1.id)).toBe(5);
    });
  });

  describe('the backfill', () => {
    it('allocates trees and paid gifts older than allocations, once', async () => {
      const organiser = await kit.signIn({ profile_type: 'corporate' });
      const donor = await kit.signIn();
      const drive = await kit.insertDrive(organiser.user.id);
      const other = await kit.insertDrive(organiser.user.id);
      // Written as before 0017: trees without gift plants, gifts without planted trees.
      const old = await kit.insertTree(organiser.user.id, {
        drive_id: drive.id,
        tree_count: 4,
        alive_count: 4,
        created_at: '2026-05-02T00:00:00.000Z',
      });
      const spare = await kit.insertTree(organiser.user.id, {
        drive_id: other.id,
        tree_count: 3,
        alive_count: 3,
        created_at: '2026-05-03T00:00:00.000Z',
      });
      const gift = await paidGift(donor.user.id, 3, { drive_id: drive.id });
      const fund = await paidGift(donor.user.id, 2);
      const refunded = await paidGift(donor.user.id, 2, { drive_id: drive.id, status: 'refunded' });

      expect(await trees().backfillAllocations()).toBe(2);
      expect(await allocations()).toEqual(
        [
          { donation_id: gift.id, tree_id: old.id, plants: 3 },
          { donation_id: fund.id, tree_id: old.id, plants: 1 },
          { donation_id: fund.id, tree_id: spare.id, plants: 1 },
        ].sort((a, b) =>
          `${a.donation_id}${a.tree_id}`.localeCompare(`${b.donation_id}${b.tree_id}`),
        ),
      );
      expect([await plantedOf(gift.id), await plantedOf(fund.id)]).toEqual([3, 2]);
      expect(await plantedOf(refunded.id)).toBe(0);
      // Finished: another run looks at nothing.
      await kit.insertTree(organiser.user.id, { drive_id: other.id, tree_count: 1 });
      expect(await trees().backfillAllocations()).toBe(0);
      expect(
        await kit.db().selectFrom('gift_allocation_backfill').select('finished_at').execute(),
      ).toEqual([{ finished_at: expect.any(String) }]);
    });
  });
});
