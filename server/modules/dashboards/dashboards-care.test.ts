import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CARE_LIST, DASHBOARD_MESSAGES } from '../../../contract/dashboards';
import { decodeCareCursor, type CareTaskDue } from '../../../contract/tree-care';
import { buildTree, insertUser } from '../../../tests/support/factories';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import type { Database, NewTree } from '../../db/tables';
import { newId } from '../../lib/ids';
import { careDueQueries } from '../trees/tree-care-due.repository';
import { referenceCareDue, referenceFallingDue } from '../trees/tree-care-reference';

const NOW = '2026-11-21T12:00:00.000Z';
const DAY = 86_400_000;
const TREES = 5_000;

/** A deterministic spread: planted over three years, some measured, watered, named or dead. */
async function plantMany(db: Kysely<Database>, ownerId: string, count: number) {
  const now = Date.parse(NOW);
  const trees: NewTree[] = [];
  const care: Array<{ tree_id: string; action: 'watered' | 'weeded' | 'mulched' | 'pruned' }> = [];
  for (let i = 0; i < count; i++) {
    // Hours apart, so many tasks share a due day and the tree id breaks ties.
    const planted = new Date(now - ((i * 7919) % (3 * 365 * 24)) * 3_600_000);
    const measured = i % 3 === 0 ? new Date(now - ((i * 31) % 400) * DAY) : null;
    trees.push(
      buildTree(ownerId, {
        planted_at: planted.toISOString(),
        last_measured_at:
          measured && measured > planted ? measured.toISOString() : planted.toISOString(),
        nickname: i % 4 === 0 ? `Tree ${i}` : null,
        status: i % 17 === 0 ? 'dead' : i % 5 === 0 ? 'needs_care' : 'alive',
        species_id: 1 + (i % 5),
      }),
    );
    if (i % 2 === 0) care.push({ tree_id: trees[i]!.id, action: 'watered' });
    if (i % 6 === 0) care.push({ tree_id: trees[i]!.id, action: 'weeded' });
    if (i % 10 === 0) care.push({ tree_id: trees[i]!.id, action: 'pruned' });
  }
  for (let i = 0; i < trees.length; i += 300)
    await db
      .insertInto('trees')
      .values(trees.slice(i, i + 300))
      .execute();
  const rows = care.map((c, n) => {
    const tree = trees.find((t) => t.id === c.tree_id)!;
    const done = new Date(
      Math.min(now, Date.parse(tree.planted_at) + ((n * 13) % 300) * DAY),
    ).toISOString();
    return { id: newId(), ...c, note: null, done_at: done, created_at: done };
  });
  for (let i = 0; i < rows.length; i += 300)
    await db
      .insertInto('tree_care_log')
      .values(rows.slice(i, i + 300))
      .execute();
  // The trees went in past the repository, as a bulk load does: the stored rules are made again.
  await careDueQueries(db).rebuildCareDue();
}

describe.each(databaseTargets)('the dashboard care list on $name (issue 20)', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const start = async () => {
    t = await buildTestApp(target, { clock: movableClock(NOW) });
    return t;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t!.app.inject({ method: 'GET', url, headers });

  /** Every task of the list: the dashboard's first ones, then "Show more" pages to the end. */
  async function walk(headers: Record<string, string>, limit: number) {
    const answer = await get('/api/dashboard/individual', headers);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const first = answer.json().data.careDue;
    const tasks: CareTaskDue[] = [...first.tasks];
    let cursor: string | null = first.nextCursor;
    let pages = 0;
    while (cursor) {
      const res = await get(
        `/api/dashboard/care-due?after=${encodeURIComponent(cursor)}&limit=${limit}`,
        headers,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      expect(page.tasks.length).toBeLessThanOrEqual(limit);
      tasks.push(...page.tasks);
      cursor = page.nextCursor;
      pages++;
    }
    return { first, tasks, pages };
  }

  it(
    'sends the first tasks and the totals for 5,000 trees, and pages every task once, in order',
    { timeout: 120_000 },
    async () => {
      const { app, database, services } = await start();
      const db = database.db;
      const me = await signedInUser(app, db);
      const other = await insertUser(db);
      await plantMany(db, me.user.id, TREES);
      await plantMany(db, other.id, 50);
      const expected = await referenceCareDue(db, me.user.id, new Date(NOW));
      expect(expected.length).toBeGreaterThan(2 * CARE_LIST.pageMax);

      const res = await get('/api/dashboard/individual', me.headers);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      // The whole answer is bounded: the care list and the replanting tasks hold a few each.
      expect(res.body.length).toBeLessThan(30_000);
      const dead = await db
        .selectFrom('trees')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', me.user.id)
        .where('status', '=', 'dead')
        .executeTakeFirstOrThrow();
      expect(data.replanting).toHaveLength(CARE_LIST.replantingFirst);
      expect(data.replantingTotal).toBe(Number(dead.n));
      expect(data.replanting).toEqual(
        await services.trees.replanting(me.user.id, CARE_LIST.replantingFirst),
      );
      const careDue = data.careDue;
      // Bounded: a few kilobytes, not every task.
      expect(JSON.stringify(careDue).length).toBeLessThan(4_000);
      expect(careDue.tasks).toEqual(expected.slice(0, CARE_LIST.first));
      const dayAgo = Date.parse(NOW) - DAY;
      expect({
        total: careDue.total,
        overdue: careDue.overdue,
        dueThisWeek: careDue.dueThisWeek,
      }).toEqual({
        total: expected.length,
        overdue: expected.filter((e) => Date.parse(e.dueAt) <= dayAgo).length,
        dueThisWeek: await referenceFallingDue(
          db,
          me.user.id,
          new Date(NOW),
          new Date(Date.parse(NOW) + CARE_LIST.soonDays * DAY),
        ),
      });
      expect(careDue.overdue).toBe(expected.filter((e) => e.overdueDays > 0).length);
      expect(typeof careDue.nextCursor).toBe('string');

      const { tasks, pages } = await walk(me.headers, CARE_LIST.pageMax);
      expect(pages).toBe(Math.ceil((expected.length - CARE_LIST.first) / CARE_LIST.pageMax));
      expect(tasks).toEqual(expected);
      expect(new Set(tasks.map((x) => `${x.treeId}:${x.task}`)).size).toBe(tasks.length);

      // Another moment, small pages (the service; the session would have ended by then).
      const later = new Date('2027-02-03T08:30:00.000Z');
      const walked: CareTaskDue[] = [];
      let cursor: string | null = null;
      do {
        const position = cursor === null ? null : decodeCareCursor(cursor)!;
        const page = await services.trees.careDuePage(me.user.id, position, 7, later);
        walked.push(...page.tasks);
        cursor = page.nextCursor;
      } while (cursor);
      expect(walked).toEqual(await referenceCareDue(db, me.user.id, later));
    },
  );

  it('answers an empty list and no cursor for a member without trees, and the whole list when short', async () => {
    const { app, database } = await start();
    const me = await signedInUser(app, database.db);
    const empty = (await get('/api/dashboard/individual', me.headers)).json().data.careDue;
    expect(empty).toEqual({ tasks: [], total: 0, overdue: 0, dueThisWeek: 0, nextCursor: null });
    await plantMany(database.db, me.user.id, 3);
    const short = (await get('/api/dashboard/individual', me.headers)).json().data.careDue;
    const expected = await referenceCareDue(database.db, me.user.id, new Date(NOW));
    expect(expected.length).toBeLessThanOrEqual(CARE_LIST.first);
    expect(short.tasks).toEqual(expected);
    expect(short.total).toBe(expected.length);
    expect(short.nextCursor).toBeNull();
  });

  it('GET /api/dashboard/care-due: no session, other roles, bad cursors and limits, a cursor from another list', async () => {
    const { app, database } = await start();
    const db = database.db;
    const me = await signedInUser(app, db);
    const stranger = await signedInUser(app, db);
    const company = await signedInUser(app, db, { profile_type: 'corporate' });
    await plantMany(db, me.user.id, 40);
    const first = (await get('/api/dashboard/individual', me.headers)).json().data.careDue;
    const cursor = encodeURIComponent(first.nextCursor);
    expect((await get(`/api/dashboard/care-due?after=${cursor}`)).statusCode).toBe(401);
    const corporate = await get(`/api/dashboard/care-due?after=${cursor}`, company.headers);
    expect(corporate.statusCode).toBe(403);
    for (const bad of [
      '',
      'nope',
      Buffer.from('[1,2,3]').toString('base64url'),
      Buffer.from('["not a date","x",1]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
    ]) {
      const res = await get(`/api/dashboard/care-due?after=${bad}`, me.headers);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe(DASHBOARD_MESSAGES.careCursor);
    }
    expect((await get('/api/dashboard/care-due', me.headers)).statusCode).toBe(400);
    for (const limit of ['0', '51', 'x', '2.5']) {
      const res = await get(`/api/dashboard/care-due?after=${cursor}&limit=${limit}`, me.headers);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message, limit).toBe(DASHBOARD_MESSAGES.careLimit);
    }
    // A cursor is a position, not an object: another member asking from it sees only their own.
    const theirs = await get(`/api/dashboard/care-due?after=${cursor}`, stranger.headers);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toEqual({ tasks: [], nextCursor: null });

    const page = await get(`/api/dashboard/care-due?after=${cursor}&limit=5`, me.headers);
    expect(page.statusCode).toBe(200);
    const expected = await referenceCareDue(db, me.user.id, new Date(NOW));
    expect(page.json().data.tasks).toEqual(expected.slice(CARE_LIST.first, CARE_LIST.first + 5));
  });
});
