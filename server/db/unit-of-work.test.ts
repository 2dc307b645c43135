import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../tests/support/factories';
import { createTestDatabase, databaseTargets } from '../../tests/support/test-database';
import type { DatabaseHandle } from './database';
import { createUnitOfWork } from './unit-of-work';

describe.each(databaseTargets)('unit of work on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });
  const setup = async () => {
    handle = await createTestDatabase(target);
    const onEffectError = vi.fn();
    return { db: handle.db, uow: createUnitOfWork(handle.db, onEffectError), onEffectError };
  };
  const userCount = async (db: DatabaseHandle['db']) =>
    (await db.selectFrom('users').select('id').execute()).length;

  it('commits every write together, then runs the effects in order', async () => {
    const { db, uow } = await setup();
    const seen: string[] = [];
    const result = await uow.withTransaction(async (tx) => {
      await tx.db.insertInto('users').values(buildUser()).execute();
      tx.afterCommit(async () => {
        // The effect sees the committed rows.
        seen.push(`first:${await userCount(db)}`);
      });
      await tx.db.insertInto('users').values(buildUser()).execute();
      tx.afterCommit(() => seen.push('second'));
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['first:2', 'second']);
  });

  it('rolls every write back and runs no effect when the work throws', async () => {
    const { db, uow } = await setup();
    const effect = vi.fn();
    await expect(
      uow.withTransaction(async (tx) => {
        await tx.db.insertInto('users').values(buildUser()).execute();
        tx.afterCommit(effect);
        throw new Error('refused half-way');
      }),
    ).rejects.toThrow('refused half-way');
    expect(await userCount(db)).toBe(0);
    expect(effect).not.toHaveBeenCalled();
  });

  it('reports a failing effect without undoing the commit or skipping the next effect', async () => {
    const { db, uow, onEffectError } = await setup();
    const next = vi.fn();
    const failure = new Error('mail server down');
    await uow.withTransaction(async (tx) => {
      await tx.db.insertInto('users').values(buildUser()).execute();
      tx.afterCommit(() => Promise.reject(failure));
      tx.afterCommit(next);
    });
    expect(await userCount(db)).toBe(1);
    expect(onEffectError).toHaveBeenCalledWith(failure);
    expect(next).toHaveBeenCalled();
  });

  it('joins an outer transaction instead of opening a second one', async () => {
    const { db, uow } = await setup();
    const effect = vi.fn();
    await expect(
      uow.withTransaction(async (outer) => {
        await uow.withTransaction(async (tx) => {
          await tx.db.insertInto('users').values(buildUser()).execute();
          tx.afterCommit(effect);
        }, outer);
        throw new Error('the outer work fails later');
      }),
    ).rejects.toThrow();
    expect(await userCount(db)).toBe(0);
    expect(effect).not.toHaveBeenCalled();
  });
});
