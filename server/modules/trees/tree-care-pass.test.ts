import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { buildTree, buildUser } from '../../../tests/support/factories';
import { tableWrites } from '../../db/table-writes';
import { newId } from '../../lib/ids';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewTree, TreeCareLogTable } from '../../db/tables';
import { yieldToEventLoop } from '../../lib/yield';
import { careDueQueries } from './tree-care-due.repository';
import { referenceCareNotices } from './tree-care-reference';
import { CARE_BATCH_MAX, careNoticeBody } from './tree-notices';
import { treesTestKit } from './tree-test-kit';

const DAY = 86_400_000;
/** Trees of the event-loop test; CARE_PASS_TREES=50000 for the size (slower). */
const PASS_TREES = Number(process.env.CARE_PASS_TREES ?? 10_000);

/**
 * The daily care pass at size (issue 20): one notice per member and day however many trees are
 * due, set-based batches that leave the event loop free, and a pass stopped by its signal that
 * the next run completes.
 */
describe.each(databaseTargets)('the daily care pass on $name', (target) => {
  const kit = treesTestKit(target);
  const { db } = kit;
  const careNotices = async (userId: string) =>
    (await kit.noticesOf(userId)).filter((n) => n.kind === 'tree_care');
  const countCareNotices = async () =>
    Number(
      (
        await db()
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('kind', '=', 'tree_care')
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Members with `perMember` trees each (planted 2025-01-15: watering, weeding, mulching and measuring are due). */
  async function community(members: number, perMember: number) {
    const users = Array.from({ length: members }, () => buildUser());
    for (let i = 0; i < users.length; i += 500)
      await db()
        .insertInto('users')
        .values(users.slice(i, i + 500))
        .execute();
    const trees: NewTree[] = users.flatMap((u) =>
      // Registered the day they were planted (the schedule counts from the later of the two).
      // Checked today (issue 21 §3's check-up is not due: 10 months after the last check).
      Array.from({ length: perMember }, () =>
        buildTree(u.id, {
          created_at: '2025-01-15T09:00:00.000Z',
          last_checked_at: kit.clock.now().toISOString(),
        }),
      ),
    );
    for (let i = 0; i < trees.length; i += 1000)
      await db()
        .insertInto('trees')
        .values(trees.slice(i, i + 1000))
        .execute();
    // A bulk load past the repository makes the stored due dates again (care-list-stored-due.md).
    await careDueQueries(db()).rebuildCareDue(kit.clock.now().toISOString());
    return users;
  }

  it('tells a member with 2,000 trees due once a day: the first few tasks and a count', async () => {
    await kit.setup();
    const [asha] = await community(1, 2000);
    const trees = kit.services().trees;
    // Each tree is due for water, weeding, mulching and a measurement: 8,000 tasks, one notice.
    expect(await trees.sendCareReminders()).toBe(8000);
    const notices = await careNotices(asha!.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: '8000 tree care tasks are due',
      link: '/app/trees/care',
    });
    expect(notices[0]!.body).toMatch(
      /^(\w+( around)? [^,]+, ){4}\w+( around)? [^,]+ and 7995 more\.$/,
    );
    // A second run the same day tells nobody; the next day nothing is newly due (untouched
    // tasks stay due but were told).
    expect(await trees.sendCareReminders()).toBe(0);
    kit.clock.advance(DAY);
    expect(await trees.sendCareReminders()).toBe(0);
    expect(await careNotices(asha!.id)).toHaveLength(1);
  });

  it(`walks ${PASS_TREES.toLocaleString('en')} due trees in batches without stalling the event loop 50 ms`, async () => {
    await kit.setup();
    const members = PASS_TREES / 50;
    await community(members, 50);
    const trees = kit.services().trees;
    const stalls = monitorEventLoopDelay({ resolution: 1 });
    // The longest stretch of CPU time between two turns of the event loop: what a request waits
    // for however busy the machine is (wall-clock stalls also count time the OS gave to others).
    let slice = process.cpuUsage();
    let longestCpuMs = 0;
    let probing = true;
    const probe = () => {
      const used = process.cpuUsage(slice);
      longestCpuMs = Math.max(longestCpuMs, (used.user + used.system) / 1000);
      slice = process.cpuUsage();
      if (probing) setImmediate(probe);
    };
    const started = performance.now();
    stalls.enable();
    setImmediate(probe);
    const told = await trees.sendCareReminders();
    probing = false;
    stalls.disable();
    const took = performance.now() - started;
    const longestMs = stalls.max / 1e6;
    const busy = loadavg()[0]! / availableParallelism();
    console.info(
      `care pass on ${target.name}: ${PASS_TREES} trees, ${members} members, ${Math.round(took)} ms; ` +
        `longest event-loop stall ${longestMs.toFixed(1)} ms (p99 ${(stalls.percentile(99) / 1e6).toFixed(1)} ms), ` +
        `longest CPU slice ${longestCpuMs.toFixed(1)} ms, load ${busy.toFixed(1)} per core`,
    );
    expect(told).toBe(PASS_TREES * 4);
    expect(await countCareNotices()).toBe(members);
    expect(longestCpuMs).toBeLessThan(50);
    // On a machine shared past its cores the OS, not the pass, decides the wall-clock stalls.
    if (busy <= 1) expect(longestMs).toBeLessThan(50);
  }, 300_000);

  it('stops between batches when aborted (SIGTERM) and the next run tells the rest, once each', async () => {
    await kit.setup();
    const users = await community(600, 5);
    const trees = kit.services().trees;
    const stop = new AbortController();
    const pass = trees.sendCareReminders(stop.signal);
    const outcome = pass.then(
      () => 'finished',
      (err: unknown) => err,
    );
    // Once the first batch's notices are committed, the queue stops (main.ts on SIGTERM).
    while ((await countCareNotices()) === 0) await yieldToEventLoop();
    const abortedAt = performance.now();
    stop.abort(new Error('the jobs queue is stopping'));
    const result = await outcome;
    const stoppedMs = performance.now() - abortedAt;
    expect(result).toEqual(new Error('the jobs queue is stopping'));
    expect(stoppedMs).toBeLessThan(1000);
    const toldBefore = await countCareNotices();
    expect(toldBefore).toBeGreaterThan(0);
    // A batch holds at most CARE_BATCH_MAX members (SQLite starts at CARE_BATCH): it stopped
    // within a batch or two.
    expect(toldBefore).toBeLessThanOrEqual(2 * CARE_BATCH_MAX);
    expect(toldBefore).toBeLessThan(users.length);
    // The next run (the queue retries it) tells the others, and nobody twice.
    expect(await trees.sendCareReminders()).toBe((users.length - toldBefore) * 5 * 4);
    expect(await countCareNotices()).toBe(users.length);
    for (const u of users.slice(0, 5)) expect(await careNotices(u.id)).toHaveLength(1);
  }, 120_000);

  /** A small deterministic random source (the same community on every run). */
  const seeded = (seed: number) => () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };

  /**
   * A mixed community: 60 members with 0–40 trees planted up to six years ago, registered at
   * different times, some dead, some with care logged or measured, some members told on earlier
   * days (a few of their trees registered after that notice), one told today, two deleted.
   */
  async function mixedCommunity() {
    const random = seeded(20);
    const now = kit.clock.now().getTime();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const users = Array.from({ length: 60 }, (_, i) =>
      buildUser(i < 2 ? { deleted_at: at(3) } : {}),
    );
    await db().insertInto('users').values(users).execute();
    const trees: NewTree[] = [];
    const care: TreeCareLogTable[] = [];
    const days: Array<{ owner_id: string; day: string; told_at: string; tasks: number }> = [];
    for (const [i, u] of users.entries()) {
      const toldDaysAgo = i % 3 === 0 ? null : Math.floor(random() * 60) + 1;
      if (toldDaysAgo !== null) {
        const toldAt = new Date(now - toldDaysAgo * DAY + Math.floor(random() * DAY)).toISOString();
        days.push({ owner_id: u.id, day: toldAt.slice(0, 10), told_at: toldAt, tasks: 3 });
      }
      if (i === 5) {
        const today = kit.clock.now().toISOString();
        days.push({ owner_id: u.id, day: today.slice(0, 10), told_at: today, tasks: 1 });
      }
      const count = Math.floor(random() * 41);
      for (let t = 0; t < count; t++) {
        const plantedDaysAgo = Math.floor(random() * 6 * 365);
        const createdDaysAgo = Math.floor(random() * Math.min(plantedDaysAgo + 1, 90));
        const tree = buildTree(u.id, {
          id: newId(now - createdDaysAgo * DAY + t),
          planted_at: at(plantedDaysAgo),
          created_at: at(createdDaysAgo),
          nickname: random() < 0.5 ? `Tree ${i}-${t}` : null,
          species_id: 1 + Math.floor(random() * 5),
          status: random() < 0.1 ? 'dead' : random() < 0.2 ? 'needs_care' : 'alive',
          ...(random() < 0.3
            ? { last_measured_at: at(Math.floor(random() * Math.min(plantedDaysAgo + 1, 400))) }
            : {}),
        });
        trees.push(tree);
        for (const action of ['watered', 'weeded', 'mulched', 'pruned'] as const)
          if (random() < 0.3)
            care.push({
              id: newId(),
              tree_id: tree.id,
              action,
              note: null,
              done_at: at(Math.floor(random() * Math.min(plantedDaysAgo + 1, 120))),
              created_at: at(0),
            });
      }
    }
    for (let i = 0; i < trees.length; i += 500)
      await db()
        .insertInto('trees')
        .values(trees.slice(i, i + 500))
        .execute();
    for (let i = 0; i < care.length; i += 500)
      await db()
        .insertInto('tree_care_log')
        .values(care.slice(i, i + 500))
        .execute();
    if (days.length) await db().insertInto('tree_care_days').values(days).execute();
    await careDueQueries(db()).rebuildCareDue(kit.clock.now().toISOString());
    deleted = new Set(users.slice(0, 2).map((u) => u.id));
    return users;
  }
  /** The mixed community's members whose account was deleted. */
  let deleted = new Set<string>();

  /** Runs the pass and finds it told exactly whom and what the old computation would have. */
  async function expectPassAsBefore() {
    const day = kit.clock.now().toISOString().slice(0, 10);
    const expected = await referenceCareNotices(db(), kit.clock.now(), deleted);
    const before = await db().selectFrom('notifications').select('id').execute();
    const told = await kit.services().trees.sendCareReminders();
    const total = [...expected.values()].reduce((sum, m) => sum + m.count, 0);
    expect(told).toBe(total);
    const claimed = await db()
      .selectFrom('tree_care_days')
      .select(['owner_id', 'tasks'])
      .where('day', '=', day)
      .execute();
    const seen = new Set(before.map((n) => n.id));
    const notices = (
      await db().selectFrom('notifications').selectAll().where('kind', '=', 'tree_care').execute()
    ).filter((n) => !seen.has(n.id));
    expect(new Map(notices.map((n) => [n.user_id, n.body]))).toEqual(
      new Map([...expected].map(([id, m]) => [id, careNoticeBody(m.tasks, m.count)])),
    );
    expect(notices).toHaveLength(expected.size);
    for (const [id, m] of expected) {
      expect(claimed.find((c) => c.owner_id === id)?.tasks, id).toBe(m.count);
      expect(notices.find((n) => n.user_id === id)?.title).toBe(
        m.count === 1 ? 'A tree needs care' : `${m.count} tree care tasks are due`,
      );
    }
    return { expected, told };
  }

  it('tells exactly the members and tasks the old per-tree computation did, day after day', async () => {
    await kit.setup();
    const users = await mixedCommunity();
    // The pass writes day records and notices only: the caches of other tables stay (raw SQL
    // starting with WITH would count as a write to every table, db/table-writes.ts).
    const others = ['drives', 'donations', 'trees', 'tree_care_due', 'users'];
    const versions = tableWrites.writeVersion(others);
    const first = await expectPassAsBefore();
    expect(tableWrites.writeVersion(others)).toBe(versions);
    // Members of every kind were told, and the deleted and the already told were not.
    expect(first.expected.size).toBeGreaterThan(20);
    expect(first.expected.has(users[0]!.id)).toBe(false);
    expect(first.expected.has(users[5]!.id)).toBe(false);
    // A second run the same day tells nobody: one notice per member and day.
    expect(await kit.services().trees.sendCareReminders()).toBe(0);
    // Later days: what fell due since (and trees registered since) is told once more.
    for (const days of [1, 9, 40]) {
      kit.clock.advance(days * DAY);
      const now = kit.clock.now().getTime();
      await kit.services().trees.sendCareReminders();
      // (a registration past the repository, then the rows made again for it)
      const fresh = buildTree(users[10]!.id, {
        id: newId(now),
        planted_at: new Date(now - 30 * DAY).toISOString(),
        created_at: new Date(now).toISOString(),
      });
      await db().insertInto('trees').values(fresh).execute();
      await careDueQueries(db()).refreshCareDue(fresh.id);
      kit.clock.advance(DAY);
      const later = await expectPassAsBefore();
      expect(await kit.services().trees.sendCareReminders()).toBe(0);
      if (days === 40) expect(later.told).toBeGreaterThan(0);
    }
    // Never two care notices for one member on one UTC day.
    const perDay = await db()
      .selectFrom('notifications')
      .select(['user_id', 'created_at'])
      .where('kind', '=', 'tree_care')
      .execute();
    const keys = perDay.map((n) => `${n.user_id}:${n.created_at.slice(0, 10)}`);
    expect(new Set(keys).size).toBe(keys.length);
  }, 120_000);

  it('a single member’s notice job tells what the pass would, once a day', async () => {
    await kit.setup();
    const users = await mixedCommunity();
    const expected = await referenceCareNotices(db(), kit.clock.now(), deleted);
    const member = users.find((u) => expected.has(u.id))!;
    const trees = kit.services().trees;
    const payload = { ownerId: member.id, at: kit.clock.now().toISOString() };
    expect(await trees.sendCareNotice(payload)).toBe(expected.get(member.id)!.count);
    expect(await trees.sendCareNotice(payload)).toBe(0);
    // The deleted member has no notice; the daily pass then tells everyone else.
    expect(await trees.sendCareNotice({ ownerId: users[0]!.id })).toBe(0);
    const rest = [...expected].filter(([id]) => id !== member.id);
    expect(await trees.sendCareReminders()).toBe(rest.reduce((sum, [, m]) => sum + m.count, 0));
    expect(await careNotices(member.id)).toHaveLength(1);
  }, 60_000);
});
