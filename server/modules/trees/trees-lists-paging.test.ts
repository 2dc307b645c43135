import { describe, expect, it } from 'vitest';
import {
  CARE_DUE_PAGE,
  CARE_MESSAGES,
  careDueResponseSchema,
  replantingResponseSchema,
  type CareTaskDue,
} from '../../../contract/tree-care';
import { registeredTreesResponseSchema, TREE_CURSOR_MESSAGES } from '../../../contract/trees';
import { buildTree } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewTree } from '../../db/tables';
import { careDueQueries } from './tree-care-due.repository';
import { referenceCareDue } from './tree-care-reference';
import { NOW, treesTestKit, type Headers } from './tree-test-kit';

const DAY = 86_400_000;

/**
 * Issue 20: My trees' lists send a page and the totals, and go on by keyset cursors (care due,
 * replanting, the trees themselves); the tree page asks for one tree's tasks only.
 */
describe.each(databaseTargets)('My trees lists by page on $name', (target) => {
  const kit = treesTestKit(target);
  const { call } = kit;

  /** The member's trees as if registered the day they were planted: their care is due from planting. */
  async function registeredWhenPlanted(...ownerIds: string[]) {
    await kit
      .db()
      .updateTable('trees')
      .set((eb) => ({ created_at: eb.ref('planted_at') }))
      .where('owner_id', 'in', ownerIds)
      .execute();
    await careDueQueries(kit.db()).rebuildCareDue();
  }

  /** `count` trees of the owner, registered minutes apart, with their care rows made. */
  async function plant(
    ownerId: string,
    count: number,
    each: (i: number) => Partial<NewTree> = () => ({}),
  ) {
    const now = Date.parse(NOW);
    const trees = Array.from({ length: count }, (_, i) =>
      buildTree(ownerId, {
        planted_at: new Date(now - (30 + ((i * 37) % 600)) * DAY).toISOString(),
        created_at: new Date(now - i * 60_000).toISOString(),
        species_id: 1 + (i % 3),
        tree_count: 2,
        alive_count: 2,
        ...each(i),
      }),
    );
    for (let i = 0; i < trees.length; i += 200)
      await kit
        .db()
        .insertInto('trees')
        .values(trees.slice(i, i + 200))
        .execute();
    await careDueQueries(kit.db()).rebuildCareDue();
    return trees;
  }

  const get = async (url: string, headers: Headers) => {
    const res = await call('GET', url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('care-due: the first page with the totals, then keyset pages to the end, in the whole order', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const other = await kit.signIn();
    await plant(me.user.id, 40);
    await plant(other.user.id, 5);
    await registeredWhenPlanted(me.user.id, other.user.id);
    const expected = await referenceCareDue(kit.db(), me.user.id, new Date(NOW));
    expect(expected.length).toBeGreaterThan(2 * CARE_DUE_PAGE.size);

    expect((await call('GET', '/api/trees/care-due')).statusCode).toBe(401);
    const first = careDueResponseSchema.parse(await get('/api/trees/care-due', me.headers));
    expect(first.data).toHaveLength(CARE_DUE_PAGE.size);
    expect(first.total).toBe(expected.length);
    expect(first.overdue).toBe(expected.filter((t) => t.overdueDays > 0).length);
    expect(first.nextCursor).toEqual(expect.any(String));

    const walked: CareTaskDue[] = [...first.data];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = careDueResponseSchema.parse(
        await get(`/api/trees/care-due?after=${cursor}&limit=7`, me.headers),
      );
      expect(page.data.length).toBeLessThanOrEqual(7);
      expect(page.total).toBe(expected.length);
      walked.push(...page.data);
      cursor = page.nextCursor;
    }
    expect(walked).toEqual(expected);
    // The other member's list is theirs: a cursor is only a position.
    const theirs = await get(`/api/trees/care-due?after=${first.nextCursor}`, other.headers);
    expect(
      theirs.data.every((t: CareTaskDue) => !expected.some((e) => e.treeId === t.treeId)),
    ).toBe(true);
  });

  it('care-due?treeId= answers that tree’s tasks only, and none of another member’s tree', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const other = await kit.signIn();
    const [tree] = await plant(me.user.id, 3);
    const [theirs] = await plant(other.user.id, 1);
    await registeredWhenPlanted(me.user.id, other.user.id);
    const expected = (await referenceCareDue(kit.db(), me.user.id, new Date(NOW))).filter(
      (t) => t.treeId === tree!.id,
    );
    expect(expected.length).toBeGreaterThan(0);
    const answer = careDueResponseSchema.parse(
      await get(`/api/trees/care-due?treeId=${tree!.id}`, me.headers),
    );
    expect(answer.data).toEqual(expected);
    expect(answer.total).toBe(expected.length);
    expect(answer.nextCursor).toBeNull();
    const notMine = await get(`/api/trees/care-due?treeId=${theirs!.id}`, me.headers);
    expect(notMine).toMatchObject({ data: [], total: 0, nextCursor: null });
  });

  it.each([
    ['after=nope', 'after', CARE_MESSAGES.careCursor],
    ['after=WyJ4Il0', 'after', CARE_MESSAGES.careCursor],
    ['limit=0', 'limit', `limit must be between 1 and ${CARE_DUE_PAGE.max}.`],
    ['limit=51', 'limit', `limit must be between 1 and ${CARE_DUE_PAGE.max}.`],
  ])('care-due refuses %s (%s)', async (query, _field, message) => {
    await kit.setup();
    const me = await kit.signIn();
    const res = await call('GET', `/api/trees/care-due?${query}`, me.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('replanting: the latest deaths first, a page with the total, keyset pages to the end', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const other = await kit.signIn();
    const now = Date.parse(NOW);
    const trees = await plant(me.user.id, 30, (i) =>
      i % 3 === 0
        ? { status: 'alive' }
        : {
            status: 'dead',
            alive_count: 0,
            // Some deaths share a moment (the id breaks ties); old records have none.
            status_changed_at: i % 7 === 0 ? null : new Date(now - (i % 5) * DAY).toISOString(),
          },
    );
    await plant(other.user.id, 4, () => ({ status: 'dead', alive_count: 0 }));
    const dead = trees.filter((t) => t.status === 'dead');
    // One was replanted already: its task is closed.
    const replaced = dead[0]!;
    await kit
      .db()
      .insertInto('trees')
      .values(buildTree(me.user.id, { replaces_tree_id: replaced.id }))
      .execute();
    const open = dead
      .filter((t) => t !== replaced)
      .sort((a, b) => {
        const [x, y] = [a.status_changed_at ?? '', b.status_changed_at ?? ''];
        return x === y ? (a.id < b.id ? 1 : -1) : x < y ? 1 : -1;
      });

    expect((await call('GET', '/api/trees/replanting')).statusCode).toBe(401);
    const first = replantingResponseSchema.parse(
      await get('/api/trees/replanting?limit=4', me.headers),
    );
    expect(first.total).toBe(open.length);
    expect(first.data).toHaveLength(4);
    // What the lists show of a dead tree (its title and link), not the whole record (issue 20).
    const raw = (await get('/api/trees/replanting?limit=1', me.headers)) as {
      data: Array<{ tree: Record<string, unknown> }>;
    };
    expect(Object.keys(raw.data[0]!.tree).sort()).toEqual(['count', 'id', 'name', 'species']);
    const walked = [...first.data];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = replantingResponseSchema.parse(
        await get(`/api/trees/replanting?after=${cursor}&limit=4`, me.headers),
      );
      walked.push(...page.data);
      cursor = page.nextCursor;
    }
    expect(walked.map((t) => t.tree.id)).toEqual(open.map((t) => t.id));
    expect(walked.map((t) => t.diedAt)).toEqual(open.map((t) => t.status_changed_at));
    const bad = await call('GET', '/api/trees/replanting?after=zz', me.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(CARE_MESSAGES.replantingCursor);
  });

  it('registeredtree: cursor pages walk the same trees as page numbers, with filters', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const other = await kit.signIn();
    await plant(me.user.id, 23, (i) => ({ status: i % 4 === 0 ? 'dead' : 'alive' }));
    await plant(other.user.id, 3);
    const list = (query: string) =>
      get(`/api/trees/registeredtree?${query}`, me.headers).then((a) =>
        registeredTreesResponseSchema.parse(a),
      );

    const byPage = [];
    for (let page = 1; page <= 5; page++) byPage.push(...(await list(`page=${page}&limit=5`)).data);
    expect(byPage).toHaveLength(23);

    const first = await list('limit=5');
    expect(first).toMatchObject({ page: 1, limit: 5, total: 23 });
    const byCursor = [...first.data];
    let cursor = first.nextCursor;
    let pages = 1;
    while (cursor) {
      const next = await list(`limit=5&cursor=${cursor}`);
      pages += 1;
      expect(next).toMatchObject({ page: pages, total: 23 });
      byCursor.push(...next.data);
      cursor = next.nextCursor;
    }
    expect(pages).toBe(5);
    expect(byCursor.map((t) => t.id)).toEqual(byPage.map((t) => t.id));

    // A tree registered meanwhile neither repeats one nor pushes one off the next page.
    const second = await list(`limit=5&cursor=${first.nextCursor}`);
    await plant(me.user.id, 1, () => ({
      created_at: new Date(Date.parse(NOW) + DAY).toISOString(),
    }));
    const again = await list(`limit=5&cursor=${first.nextCursor}`);
    expect(again.data.map((t) => t.id)).toEqual(second.data.map((t) => t.id));

    // Filters: dead ones of species 1, by cursor.
    const dead = byPage.filter((t) => t.status === 'dead' && t.species.value === 1);
    const filtered = await list('limit=1&status=dead&species=1');
    expect(filtered.total).toBe(dead.length);
    const walked = [...filtered.data];
    let next = filtered.nextCursor;
    while (next) {
      const page = await list(`limit=1&status=dead&species=1&cursor=${next}`);
      walked.push(...page.data);
      next = page.nextCursor;
    }
    expect(walked.map((t) => t.id)).toEqual(dead.map((t) => t.id));

    // A cursor of other filters, or not a cursor at all: 400.
    const otherFilters = await call(
      'GET',
      `/api/trees/registeredtree?limit=1&cursor=${filtered.nextCursor}`,
      me.headers,
    );
    expect(otherFilters.statusCode).toBe(400);
    expect(otherFilters.json().message).toContain(TREE_CURSOR_MESSAGES.otherFilters);
    const junk = await call('GET', '/api/trees/registeredtree?cursor=abc', me.headers);
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toContain(TREE_CURSOR_MESSAGES.invalid);
    expect((await call('GET', '/api/trees/registeredtree')).statusCode).toBe(401);
  });
});
