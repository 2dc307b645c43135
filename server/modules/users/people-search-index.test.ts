import { describe, expect, it } from 'vitest';
import { insertUser } from '../../../tests/support/factories';
import { queryPlans } from '../../../tests/support/query-plans';
import { databaseTargets } from '../../../tests/support/test-database';
import { usersRepository } from './users.repository';
import { useProfilesApi } from './users-test-kit';

/** Issue 20: people search answers from an index (docs/decisions/people-search-index.md). */
describe.each(databaseTargets)('people search index on $name', (target) => {
  const kit = useProfilesApi(target);

  it('reads the trigram index (FTS5 on SQLite, pg_trgm GIN on PostgreSQL), not every member', async () => {
    await kit.setup();
    const me = await kit.signIn();
    for (let i = 0; i < 30; i++)
      await insertUser(kit.db, { username: `member${i}`, name: `Name ${i}` });
    // A GIN index is only read by bitmap scans: with index scans off too, the plan shows whether
    // the trigram indexes can answer the query at all.
    const { plans } = await queryPlans(
      kit.db,
      (caught) => usersRepository(caught).searchVisible('zzq', me.user.id, 10),
      { off: ['seqscan', 'indexscan'] },
    );
    expect(plans).toHaveLength(1);
    const plan = plans[0]!;
    if (target.name === 'sqlite') {
      expect(plan).toMatch(/users_search VIRTUAL TABLE INDEX/);
      expect(plan).toMatch(/SEARCH users USING INDEX/);
      expect(plan).not.toMatch(/SCAN users\b/);
    } else {
      expect(plan).toMatch(/users_username_trgm/);
      expect(plan).toMatch(/users_name_trgm/);
      expect(plan).not.toMatch(/Seq Scan on users/);
    }
  });

  it('keeps the index in step with new, renamed and removed members', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const repo = usersRepository(kit.db);
    const names = async (text: string) =>
      (await repo.searchVisible(text, me.user.id, 10)).map((u) => u.username);

    const a = await insertUser(kit.db, { username: 'rowanberry', name: 'Quince Grower' });
    expect(await names('wanb')).toEqual(['rowanberry']);
    expect(await names('QUINCE')).toEqual(['rowanberry']);

    await kit.db
      .updateTable('users')
      .set({ username: 'elderberry', name: 'Medlar Keeper' })
      .where('id', '=', a.id)
      .execute();
    expect(await names('wanb')).toEqual([]);
    expect(await names('quince')).toEqual([]);
    expect(await names('derb')).toEqual(['elderberry']);
    expect(await names('medlar')).toEqual(['elderberry']);

    await kit.db.updateTable('users').set({ name: null }).where('id', '=', a.id).execute();
    expect(await names('medlar')).toEqual([]);
    expect(await names('elder')).toEqual(['elderberry']);

    await kit.db.deleteFrom('users').where('id', '=', a.id).execute();
    expect(await names('elder')).toEqual([]);
  });

  it('answers a text with a NUL character as before the index, never with a server error', async () => {
    await kit.setup();
    const me = await kit.signIn();
    await insertUser(kit.db, { username: 'abcdef' });
    const res = await kit.search('abc\u0000d', me.headers);
    // SQLite answers no one, as before the index; PostgreSQL refuses the text (400), as before.
    expect(res.statusCode).toBe(target.name === 'sqlite' ? 200 : 400);
    if (res.statusCode === 200) expect(res.json().data).toEqual([]);
  });
});
