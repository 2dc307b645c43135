import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDrive, buildUser } from '../../../tests/support/factories';
import { emptyDatabase, migrateTo, untypedDb } from '../../../tests/support/migration-steps';
import { databaseTargets } from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../database';

describe.each(databaseTargets)('migration 0011-nursery on $name', (target) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => handle?.close());

  it('adds the nursery tables and the chain links, keeps existing rows, and goes down and up again', async () => {
    handle = await emptyDatabase(target);
    await migrateTo(handle, '0010-api-tokens');
    const db = untypedDb(handle);
    const organiser = buildUser({ profile_type: 'corporate' });
    await db.insertInto('users').values(organiser).execute();
    const drive = buildDrive(organiser.id);
    await db.insertInto('drives').values(drive).execute();

    await migrateTo(handle, '0011-nursery');
    const nursery = buildUser({ profile_type: 'nursery' });
    await db.insertInto('users').values(nursery).execute();
    const at = '2026-06-01T10:00:00.000Z';
    const stock = {
      id: 's-1',
      nursery_id: nursery.id,
      species_id: 1,
      size: 'packet',
      quantity_available: 5,
      price_minor: 250,
      currency: 'USD',
      pickup_lat: 28.59,
      pickup_lng: 77.21,
      pickup_location_text: 'East gate',
      created_at: at,
      updated_at: at,
    };
    await db.insertInto('nursery_stock').values(stock).execute();
    // Never below zero, a species in 1–70: the database refuses it too.
    await expect(
      db
        .updateTable('nursery_stock')
        .set({ quantity_available: -1 })
        .where('id', '=', 's-1')
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('nursery_stock')
        .values({ ...stock, id: 's-2', species_id: 71 })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('sapling_reservations')
      .values({
        id: 'r-1',
        drive_id: drive.id,
        stock_id: 's-1',
        nursery_id: nursery.id,
        organiser_id: organiser.id,
        quantity: 2,
        unit_price_minor: 250,
        currency: 'USD',
        status: 'delivered',
        created_at: at,
        updated_at: at,
      })
      .execute();
    expect(await db.selectFrom('trees').select('reservation_id').execute()).toEqual([]);

    await migrateTo(handle, '0010-api-tokens');
    const tables = (
      await sql<{ name: string }>`select ${sql.raw(
        handle.dialect === 'postgres'
          ? `table_name as name from information_schema.tables where table_schema = current_schema()`
          : `name from sqlite_master where type = 'table'`,
      )}`.execute(handle.db)
    ).rows.map((r) => r.name);
    expect(tables).not.toContain('nursery_stock');
    expect(tables).not.toContain('sapling_reservations');
    expect(await db.selectFrom('drives').select('id').execute()).toHaveLength(1);
    // The chain's link columns go with them.
    await expect(db.selectFrom('donations').select('reservation_id').execute()).rejects.toThrow();
    await expect(db.selectFrom('trees').select('reservation_id').execute()).rejects.toThrow();

    await migrateTo(handle, '0011-nursery');
    expect(await db.selectFrom('nursery_stock').selectAll().execute()).toEqual([]);
  });
});
