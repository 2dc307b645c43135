import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import { buildDrive, buildUser } from '../../../tests/support/factories';
import type { DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0007-donations on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  it('copies existing donations into the new shape and numbers the paid ones', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0006-file-references');
    // The 0001 shape, written without the current row types.
    const db = untypedDb(handle);
    const donor = buildUser();
    const drive = buildDrive(donor.id);
    await db.insertInto('users').values(donor).execute();
    await db.insertInto('drives').values(drive).execute();
    const old = (id: string, extra: Record<string, unknown>) => ({
      id,
      donor_id: donor.id,
      drive_id: drive.id,
      kind: 'cash',
      amount_minor: 1000,
      currency: 'USD',
      trees: 0,
      category: 'Trees',
      description: '',
      status: 'succeeded',
      provider: 'demo',
      provider_ref: null,
      created_at: '2025-03-01T00:00:00.000Z',
      ...extra,
    });
    await db
      .insertInto('donations')
      .values([
        old('d1', {
          kind: 'tree',
          trees: 4,
          amount_minor: 0,
          created_at: '2025-05-01T00:00:00.000Z',
        }),
        old('d2', { description: 'For the park', provider_ref: 'cs_old' }),
        old('d3', { status: 'pending' }),
        old('d4', { created_at: '2026-01-02T00:00:00.000Z' }),
      ])
      .execute();

    await migrateTo(handle, '0007-donations');
    const rows = await handle.db.selectFrom('donations').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.kind, r.status, r.receipt_number, r.paid_at])).toEqual([
      ['d1', 'trees', 'paid', 'CAN-2025-000002', '2025-05-01T00:00:00.000Z'],
      ['d2', 'cash', 'paid', 'CAN-2025-000001', '2025-03-01T00:00:00.000Z'],
      ['d3', 'cash', 'pending', null, null],
      ['d4', 'cash', 'paid', 'CAN-2026-000001', '2026-01-02T00:00:00.000Z'],
    ]);
    expect(rows[1]).toMatchObject({
      message: 'For the park',
      checkout_session_id: 'cs_old',
      anonymous: 0,
      updated_at: '2025-03-01T00:00:00.000Z',
    });
    expect(rows[0]!.message).toBeNull();
    const counters = await handle.db
      .selectFrom('receipt_counters')
      .selectAll()
      .orderBy('year')
      .execute();
    expect(counters).toEqual([
      { year: 2025, last: 2 },
      { year: 2026, last: 1 },
    ]);
    // The new CHECK holds: the old status words are gone for good.
    await expect(
      handle.db
        .updateTable('donations')
        .set({ status: 'succeeded' as never })
        .where('id', '=', 'd3')
        .execute(),
    ).rejects.toThrow();
  });
});
