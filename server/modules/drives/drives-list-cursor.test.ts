import { CompiledQuery } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeDriveCursor,
  DRIVE_CURSOR_MESSAGES,
  encodeDriveCursor,
} from '../../../contract/drives';
import { buildDrive, buildUser, insertUser } from '../../../tests/support/factories';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewDrive } from '../../db/tables';
import { drivePageQuery, seekAfter, type DriveFilter } from './drive-queries';

/** Keyset paging of the Plantations list (issue 20): `nextCursor` → `cursor`. */
const NOW = '2026-06-01T10:00:00.000Z';
const HOUR = 3_600_000;
type Headers = Record<string, string>;
interface ListBody {
  data: Array<{ id: string; driveDate: string }>;
  page: number;
  limit: number;
  total: number;
  nextCursor: string | null;
}
const at = (hours: number) => new Date(Date.parse(NOW) + hours * HOUR).toISOString();

describe('drive list cursors (contract)', () => {
  it('round-trips and refuses anything else', () => {
    const cursor = { when: 'past' as const, page: 7, startsAt: NOW, id: '0190abcd-ef' };
    expect(decodeDriveCursor(encodeDriveCursor(cursor))).toEqual(cursor);
    const token = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      '',
      'not a cursor!',
      'abc',
      token({ page: 2 }),
      token([0, 1, NOW, 'x']),
      token([0, 2.5, NOW, 'x']),
      token([0, 1e12, NOW, 'x']),
      token([2, 2, NOW, 'x']),
      token([0, 2, 'yesterday', 'x']),
      token([0, 2, '2026-13-45T00:00:00.000Z', 'x']),
      token([0, 2, NOW, '']),
      token([0, 2, NOW, 'x'.repeat(65)]),
      'A'.repeat(201),
    ])
      expect(decodeDriveCursor(bad), bad).toBeUndefined();
  });
});

describe.each(databaseTargets)('Plantations list cursors on $name', (target) => {
  const clock = movableClock(NOW);
  const list = (t: TestApp, headers: Headers, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/trees/geteventdetail${query}`, headers });

  /** Every page from `query` on, following nextCursor; the bodies in order. */
  async function follow(t: TestApp, headers: Headers, query: string): Promise<ListBody[]> {
    const pages: ListBody[] = [];
    let url = query;
    for (;;) {
      const res = await list(t, headers, url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as ListBody;
      pages.push(body);
      if (!body.nextCursor) return pages;
      expect(pages.length, 'pages followed').toBeLessThan(1000);
      const sep = query ? '&' : '?';
      url = `${query}${sep}cursor=${encodeURIComponent(body.nextCursor)}`;
    }
  }

  describe('small data', () => {
    let t: TestApp;
    afterEach(async () => t?.close());
    const setup = async () => {
      clock.set(NOW);
      t = await buildTestApp(target, { clock });
      return t.database.db;
    };

    it('refuses a bad cursor with a clear 400, and needs a session', async () => {
      const db = await setup();
      const me = await signedInUser(t.app, db);
      const upcoming = encodeDriveCursor({ when: 'upcoming', page: 2, startsAt: NOW, id: 'x' });
      expect((await list(t, {}, `?cursor=${upcoming}`)).statusCode).toBe(401);
      const cases: Array<[string, string]> = [
        ['?cursor=garbage!', DRIVE_CURSOR_MESSAGES.invalid],
        ['?cursor=abc', DRIVE_CURSOR_MESSAGES.invalid],
        [`?cursor=${'A'.repeat(300)}`, DRIVE_CURSOR_MESSAGES.invalid],
        [
          `?cursor=${Buffer.from('[0,2,"2026-06-01T10:00:00.000Z",7]').toString('base64url')}`,
          DRIVE_CURSOR_MESSAGES.invalid,
        ],
        [`?when=past&cursor=${upcoming}`, DRIVE_CURSOR_MESSAGES.otherList],
      ];
      for (const [query, message] of cases) {
        const res = await list(t, me.headers, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toEqual({ success: false, message, code: 'VALIDATION_FAILED' });
        // The map shares the filters: a bad cursor is refused there too (a good one is ignored).
        const map = await t.app.inject({
          method: 'GET',
          url: `/api/drives/map${query}`,
          headers: me.headers,
        });
        expect(map.statusCode, query).toBe(400);
      }
      const map = await t.app.inject({
        method: 'GET',
        url: `/api/drives/map?cursor=${upcoming}`,
        headers: me.headers,
      });
      expect(map.statusCode).toBe(200);
    });

    it('never repeats or skips a drive while drives are added and removed between pages', async () => {
      const db = await setup();
      const organiser = await insertUser(db, { profile_type: 'corporate' });
      const me = await signedInUser(t.app, db);
      // 30 drives, three to a start time (ties are broken by id).
      const drives = Array.from({ length: 30 }, (_, i) =>
        buildDrive(organiser.id, { starts_at: at(1 + Math.floor(i / 3)) }),
      );
      await db.insertInto('drives').values(drives).execute();
      const seen: string[] = [];
      const first = (await list(t, me.headers, '?limit=4')).json() as ListBody;
      seen.push(...first.data.map((d) => d.id));
      expect(first.page).toBe(1);
      expect(first.total).toBe(30);
      // Before the cursor: an OFFSET read would show the 4th drive again; after it: it must show.
      const before = [0, 1, 2].map(() => buildDrive(organiser.id, { starts_at: at(0.5) }));
      const after = [0, 1, 2].map(() => buildDrive(organiser.id, { starts_at: at(5) }));
      await db
        .insertInto('drives')
        .values([...before, ...after])
        .execute();
      // A drive still to come is removed: it is simply not shown.
      const removed = drives[20]!.id;
      await db.deleteFrom('drives').where('id', '=', removed).execute();
      let cursor = first.nextCursor;
      let page = 1;
      while (cursor) {
        const body = (await list(t, me.headers, `?limit=4&cursor=${cursor}`)).json() as ListBody;
        expect(body.page).toBe(++page);
        expect(body.limit).toBe(4);
        expect(body.total).toBe(35);
        seen.push(...body.data.map((d) => d.id));
        cursor = body.nextCursor;
      }
      expect(new Set(seen).size, 'no drive twice').toBe(seen.length);
      const wanted = [
        ...drives.map((d) => d.id).filter((id) => id !== removed),
        ...after.map((d) => d.id),
      ];
      // Every drive that was there throughout, and every one added after the cursor, exactly once;
      // the ones added before it belong to pages already shown.
      expect([...seen].sort()).toEqual(wanted.sort());
      // In the list's order.
      const order = new Map(
        [...drives, ...before, ...after].map((d) => [d.id, `${d.starts_at}|${d.id}`]),
      );
      const keys = seen.map((id) => order.get(id)!);
      expect(keys).toEqual([...keys].sort());
    });

    it('goes on from the present when the cursor drive has started since', async () => {
      const db = await setup();
      const organiser = await insertUser(db, { profile_type: 'corporate' });
      const me = await signedInUser(t.app, db);
      const drives = Array.from({ length: 6 }, (_, i) =>
        buildDrive(organiser.id, { starts_at: at(1 + i) }),
      );
      await db.insertInto('drives').values(drives).execute();
      const first = (await list(t, me.headers, '?limit=2')).json() as ListBody;
      expect(first.data.map((d) => d.id)).toEqual([drives[0]!.id, drives[1]!.id]);
      // Four hours on: the first four have started; the cursor (after the 2nd) is behind now.
      clock.set(at(4.5));
      const next = (await list(t, me.headers, `?limit=2&cursor=${first.nextCursor}`)).json();
      expect(next.data.map((d: { id: string }) => d.id)).toEqual([drives[4]!.id, drives[5]!.id]);
      expect(next.page).toBe(2);
      expect(next.nextCursor).toBeNull();
    });
  });

  describe('3,000 drives', () => {
    let t: TestApp;
    let me: { headers: Headers };
    let drives: NewDrive[];
    const COUNTRIES = ['IN', 'KE', 'GB', 'ES', 'US'];

    beforeAll(async () => {
      clock.set(NOW);
      t = await buildTestApp(target, { clock });
      const db = t.database.db;
      const organisers = Array.from({ length: 10 }, () => buildUser({ profile_type: 'corporate' }));
      await db.insertInto('users').values(organisers).execute();
      me = await signedInUser(t.app, db);
      // Starts every 2 hours from ~100 days ago to ~150 days ahead, each time shared by three.
      drives = Array.from({ length: 3_000 }, (_, i) =>
        buildDrive(organisers[i % 10]!.id, {
          name: `${i % 4 === 0 ? 'Mangrove' : 'Forest'} drive ${i}`,
          starts_at: at((Math.floor(i / 3) - 400) * 2 + 0.5),
          country: COUNTRIES[(i * 7) % 5]!,
        }),
      );
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < drives.length; i += 500)
          await trx
            .insertInto('drives')
            .values(drives.slice(i, i + 500))
            .execute();
      });
      if (target.name === 'postgres') await db.executeQuery(CompiledQuery.raw('analyze drives'));
    }, 120_000);
    afterAll(async () => t?.close());

    function expected(filter: {
      when?: 'upcoming' | 'past';
      country?: string;
      from?: string;
      to?: string;
      q?: string;
    }) {
      const when = filter.when ?? 'upcoming';
      const rows = drives.filter((d) => {
        const s = d.starts_at;
        if (when === 'upcoming' ? s < NOW : s >= NOW) return false;
        if (filter.country && d.country !== filter.country) return false;
        if (filter.from && s < `${filter.from}T00:00:00.000Z`) return false;
        if (
          filter.to &&
          s >= new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000).toISOString()
        )
          return false;
        if (filter.q && !d.name.toLowerCase().includes(filter.q.toLowerCase())) return false;
        return true;
      });
      const sign = when === 'upcoming' ? 1 : -1;
      rows.sort(
        (a, b) => sign * (a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id)),
      );
      return rows.map((d) => d.id);
    }

    it('follows cursors through each filter: every drive exactly once, in order', async () => {
      const cases: Array<[string, Parameters<typeof expected>[0]]> = [
        ['?limit=100', {}],
        ['?limit=7&when=past', { when: 'past' }],
        ['?limit=25&country=KE', { country: 'KE' }],
        [
          '?limit=9&when=past&country=GB&from=2026-03-01',
          { when: 'past', country: 'GB', from: '2026-03-01' },
        ],
        ['?limit=11&from=2026-07-01&to=2026-08-15', { from: '2026-07-01', to: '2026-08-15' }],
        ['?limit=40&when=past&to=2026-05-01', { when: 'past', to: '2026-05-01' }],
        ['?limit=13&q=MANGROVE', { q: 'mangrove' }],
      ];
      for (const [query, filter] of cases) {
        const want = expected(filter);
        const pages = await follow(t, me.headers, query);
        const limit = pages[0]!.limit;
        expect(
          pages.map((p) => p.page),
          query,
        ).toEqual(pages.map((_, i) => i + 1));
        for (const p of pages) expect(p.total, query).toBe(want.length);
        expect(pages.length, query).toBe(Math.max(1, Math.ceil(want.length / limit)));
        expect(
          pages.flatMap((p) => p.data.map((d) => d.id)),
          query,
        ).toEqual(want);
      }
    });

    it('answers page=N by position, and its cursor leads to page N+1', async () => {
      const want = expected({ when: 'past' });
      const deep = (await list(t, me.headers, '?when=past&limit=12&page=80')).json() as ListBody;
      expect(deep.data.map((d) => d.id)).toEqual(want.slice(79 * 12, 80 * 12));
      const next = (
        await list(t, me.headers, `?when=past&limit=12&cursor=${deep.nextCursor}`)
      ).json() as ListBody;
      expect(next.page).toBe(81);
      expect(next.data.map((d) => d.id)).toEqual(want.slice(80 * 12, 81 * 12));
      // With a cursor, `page` is ignored.
      const both = (
        await list(t, me.headers, `?when=past&limit=12&page=3&cursor=${deep.nextCursor}`)
      ).json() as ListBody;
      expect(both).toEqual(next);
      const last = (await list(t, me.headers, '?when=past&limit=12&page=9999')).json();
      expect(last).toMatchObject({ data: [], page: 9999, nextCursor: null, total: want.length });
    });

    /** The keyset query for the page after the `index`-th drive of the filter's order. */
    function deepFilter(filter: DriveFilter, index: number) {
      const want = expected({
        when: filter.when,
        ...(filter.country ? { country: filter.country } : {}),
      });
      const drive = drives.find((d) => d.id === want[index])!;
      const seek = seekAfter(filter, { startsAt: drive.starts_at, id: drive.id });
      expect(seek.after, 'the cursor is the bound').toBeDefined();
      return seek;
    }

    it.runIf(target.name === 'sqlite')(
      'a deep cursor page starts its index range at the cursor (SQLite plan)',
      async () => {
        const db = t.database.db;
        const plan = async (filter: DriveFilter) => {
          const compiled = drivePageQuery(db, filter, 13, 0).compile();
          const rows = await db.executeQuery<{ detail: string }>(
            CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
          );
          return rows.rows.map((r) => r.detail).join('\n');
        };
        const upcoming = await plan(deepFilter({ when: 'upcoming', now: NOW }, 1_700));
        expect(upcoming).toMatch(
          /SEARCH drives USING (COVERING )?INDEX drives_starts_at_idx \(\(starts_at,id\)>\(\?,\?\)\)/,
        );
        expect(upcoming).not.toMatch(/TEMP B-TREE/);
        const past = await plan(deepFilter({ when: 'past', now: NOW }, 1_000));
        expect(past).toMatch(/INDEX drives_starts_at_idx \(\(starts_at,id\)<\(\?,\?\)\)/);
        const country = await plan(deepFilter({ when: 'upcoming', now: NOW, country: 'KE' }, 300));
        expect(country).toMatch(
          /INDEX drives_country_starts_at_idx \(country=\? AND \(starts_at,id\)>\(\?,\?\)\)/,
        );
        expect(country).not.toMatch(/TEMP B-TREE/);
      },
    );

    it.runIf(target.name === 'postgres')(
      'a deep cursor page reads only its own rows from the index (PostgreSQL EXPLAIN ANALYZE)',
      async () => {
        const db = t.database.db;
        /** Rows each plan node produced, and the index conditions used. */
        const analyse = async (filter: DriveFilter) => {
          const compiled = drivePageQuery(db, filter, 13, 0).compile();
          const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
            CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [
              ...compiled.parameters,
            ]),
          );
          const nodes: Array<Record<string, unknown>> = [];
          const walk = (node: Record<string, unknown>) => {
            nodes.push(node);
            for (const child of (node.Plans as Array<Record<string, unknown>>) ?? []) walk(child);
          };
          walk((rows[0]!['QUERY PLAN'] as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
          return nodes;
        };
        for (const [filter, index] of [
          [{ when: 'upcoming', now: NOW }, 1_700],
          [{ when: 'past', now: NOW }, 1_000],
          [{ when: 'upcoming', now: NOW, country: 'KE' }, 300],
        ] as Array<[DriveFilter, number]>) {
          const nodes = await analyse(deepFilter(filter, index));
          const scans = nodes.filter((n) => /Scan/.test(String(n['Node Type'])));
          expect(scans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
          // The range starts at the cursor: no skipped row is read (13 asked, a few ties at most).
          for (const scan of scans) {
            expect(String(scan['Index Cond'])).toMatch(/ROW\(starts_at, id\)/);
            expect(Number(scan['Actual Rows'])).toBeLessThanOrEqual(13);
          }
        }
      },
    );
  });
});
