import { describe, expect, it } from 'vitest';
import { careSettingsResponseSchema } from '../../../contract/tree-care';
import { TEST_PASSWORD } from '../../../tests/support/signed-in';
import { buildDonation } from '../../../tests/support/factories';
import { buildTestServices } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import type { SessionUser } from '../auth/auth.service';
import { buildTreeRegistration, treesTestKit } from './tree-test-kit';

const DAY = 86_400_000;

describe.each(databaseTargets)('tree reminders and notices on $name', (target) => {
  const kit = treesTestKit(target);
  const { call, db } = kit;
  // Trees registered the day they were planted: their care is due from planting.
  const register = kit.registerOnPlantingDay;
  const careNotices = async (userId: string) =>
    (await kit.noticesOf(userId)).filter((n) => n.kind === 'tree_care');
  /** The daily schedule, then the notice jobs and mail it queued. */
  const run = async () => {
    const found = await kit.services().trees.sendCareReminders();
    await kit.idle();
    return found;
  };

  describe('the daily care job', () => {
    it('turns newly due tasks into one notice per member, once per task', async () => {
      await kit.setup();
      const me = await kit.signIn();
      const { tree } = (await register(me.headers, { treeName: 'Neem by the gate' })).json().data;
      await register(me.headers, { treeName: 'Second neem' });
      await kit.insertTree(me.user.id, { status: 'dead', alive_count: 0 });
      // Planted 2026-05-20: both are due for watering (from 05-27); nothing else yet.
      expect(await run()).toBe(2);
      const [notice] = await careNotices(me.user.id);
      expect(notice).toMatchObject({
        title: '2 tree care tasks are due',
        body: 'Water Neem by the gate, Water Second neem.',
        link: '/app/trees/care',
      });
      // Later the same day the job has already run; the next day the same tasks are not repeated.
      expect(await run()).toBe(0);
      kit.clock.advance(DAY);
      expect(await run()).toBe(0);
      expect(await careNotices(me.user.id)).toHaveLength(1);
      // Watering restarts the interval; a week later it is a new task.
      // (The session from the first day has ended; the service is what the route calls.)
      const user = me.user as unknown as SessionUser;
      await kit.services().trees.logCare(user, tree.id, { action: 'watered', note: null });
      kit.clock.advance(7 * DAY);
      expect(await run()).toBe(1);
      expect((await careNotices(me.user.id)).at(-1)).toMatchObject({
        title: 'A tree needs care',
        body: 'Water Neem by the gate.',
      });
    });

    it('tells each task once when two app servers run the schedule at the same moment', async () => {
      await kit.setup();
      const me = await kit.signIn();
      await register(me.headers);
      const a = buildTestServices(kit.services().database, { clock: kit.clock });
      const b = buildTestServices(kit.services().database, { clock: kit.clock });
      // The queue runs a tick once across servers; even two runs at once tell the task once
      // (one pending job per member and day, and the notice job's record).
      await Promise.all([a.trees.sendCareReminders(), b.trees.sendCareReminders()]);
      await kit.idle();
      expect(await careNotices(me.user.id)).toHaveLength(1);
      expect(await run()).toBe(0);
      // A notice job run again (a retry after its commit) tells nobody twice.
      expect(
        await kit.services().trees.sendCareNotice({
          ownerId: me.user.id,
          at: kit.clock.now().toISOString(),
        }),
      ).toBe(0);
      expect(await careNotices(me.user.id)).toHaveLength(1);
    });

    it('mails the weekly digest to members who opted in, once a week', async () => {
      await kit.setup();
      const me = await kit.signIn({ name: 'Asha' });
      const quiet = await kit.signIn();
      await register(me.headers);
      await register(quiet.headers);
      expect((await call('GET', '/api/trees/care-settings')).statusCode).toBe(401);
      const initial = await call('GET', '/api/trees/care-settings', me.headers);
      expect(careSettingsResponseSchema.parse(initial.json()).data).toEqual({
        weeklyDigest: false,
      });
      const bad = await call('PUT', '/api/trees/care-settings', me.headers, {
        weeklyDigest: 'yes',
      });
      expect(bad.statusCode).toBe(400);
      const saved = await call('PUT', '/api/trees/care-settings', me.headers, {
        weeklyDigest: true,
      });
      expect(saved.json().data).toEqual({ weeklyDigest: true });

      await run();
      expect(kit.mailer.sent.map((m) => m.to)).toEqual([me.user.email]);
      // Queued in the mail outbox under the member's weekly key.
      const queued = await db().selectFrom('mails').select(['key', 'status']).execute();
      expect(queued).toEqual([{ key: expect.stringMatching(/^care-digest:/), status: 'sent' }]);
      const [mail] = kit.mailer.sent;
      expect(mail!.subject).toBe('Your trees this week: 1 care task');
      expect(mail!.text).toContain('Hello Asha');
      expect(mail!.text).toContain('Water Grandma’s neem (due 2026-05-27)');
      expect(mail!.text).toContain('https://canopy.example/app/trees/care');
      // 2026-06-01 is a Monday: the rest of the week sends nothing more, the next week again.
      kit.clock.advance(DAY);
      await run();
      expect(kit.mailer.sent).toHaveLength(1);
      kit.clock.advance(6 * DAY);
      await run();
      expect(kit.mailer.sent).toHaveLength(2);
    });
  });

  describe('a death', () => {
    it('tells the owner and the organiser at most once a day per drive, and the tree’s own donors their news', async () => {
      await kit.setup();
      const organiser = await kit.signIn({ profile_type: 'corporate' });
      const donor = await kit.signIn();
      const me = await kit.signIn();
      const drive = await kit.insertDrive(organiser.user.id, { name: 'Monsoon Day' });
      await kit.join(drive.id, me.user.id);
      // A paid tree gift to the drive: the first tree registered there carries it.
      await db()
        .insertInto('donations')
        .values(buildDonation(donor.user.id, { drive_id: drive.id, kind: 'trees', trees: 3 }))
        .execute();
      const trees = kit.services().trees;
      const user = me.user as unknown as SessionUser;
      const plant = async (name: string) =>
        trees.register(user, {
          form: buildTreeRegistration({ treeName: name, driveId: drive.id }),
          image: null,
        });
      const [a, b, c] = [await plant('A'), await plant('B'), await plant('C')];
      // That day's one notice tells the donor their gift is planted; the deaths come a day on.
      await kit.idle();
      expect((await kit.noticesOf(donor.user.id)).map((n) => n.kind)).toEqual(['gift_planted']);
      kit.clock.advance(DAY);
      // Each death is a job enqueued in the transaction that records it.
      const die = async (id: string) => {
        await trees.reportHealth(user, id, {
          form: { status: 'dead', cause: 'drought', aliveCount: undefined },
          photo: null,
        });
        await kit.idle();
      };
      await die(a.id);
      kit.clock.advance(60_000);
      await die(b.id);
      const died = async (userId: string) =>
        (await kit.noticesOf(userId)).filter((n) => n.kind === 'tree_died');
      // The donor hears through their own news (the tree carrying their gift, cause and date).
      expect(await died(donor.user.id)).toEqual([]);
      const news = (await kit.noticesOf(donor.user.id)).filter((n) => n.kind === 'gift_tree_news');
      expect(news).toEqual([
        expect.objectContaining({
          title: 'A tree you gave has died',
          body: `A (Neem) died on ${kit.clock.now().toISOString().slice(0, 10)} (drought).`,
          link: `/app/trees/${a.id}`,
        }),
      ]);
      for (const person of [me, organiser]) {
        const notices = await died(person.user.id);
        expect(notices).toHaveLength(1);
        expect(notices[0]).toMatchObject({
          title: 'A tree from "Monsoon Day" has died',
          body: 'A (Neem) was reported dead (drought). A replanting task is open.',
          link: `/app/trees/${a.id}`,
        });
      }
      kit.clock.advance(DAY);
      await die(c.id);
      expect(await died(organiser.user.id)).toHaveLength(2);
    });
  });

  describe('account deletion', () => {
    it('keeps the trees (shared impact) and forgets digest opt-ins and care notice records', async () => {
      await kit.setup();
      const me = await kit.signIn();
      const other = await kit.signIn();
      const { tree } = (await register(me.headers)).json().data;
      await call('PUT', '/api/trees/care-settings', me.headers, { weeklyDigest: true });
      await run();
      const recorded = await db().selectFrom('tree_care_days').select('owner_id').execute();
      expect(recorded.map((r) => r.owner_id)).toContain(me.user.id);
      const res = await call('DELETE', '/api/users/me', me.headers, {
        password: TEST_PASSWORD,
        confirm: 'DELETE',
      });
      expect(res.statusCode).toBe(200);
      expect(await db().selectFrom('tree_care_settings').selectAll().execute()).toEqual([]);
      const told = await db().selectFrom('tree_care_days').select('owner_id').execute();
      expect(told.filter((c) => c.owner_id === me.user.id)).toEqual([]);
      const seen = (await call('GET', `/api/trees/${tree.id}`, other.headers)).json().data.tree;
      expect(seen.owner).toEqual({ id: me.user.id, name: 'Former member' });
    });
  });
});
