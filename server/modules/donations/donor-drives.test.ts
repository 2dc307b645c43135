import { describe, expect, it } from 'vitest';
import { buildDonation } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewDonation } from '../../db/tables';
import { donationApi } from './donation-test-kit';
import { latestDriveIds } from './donor-drives';

describe.each(databaseTargets)('a donor’s latest drives on $name', (target) => {
  const api = donationApi(target);

  it('walks the payments newest first to the same drives as grouping them all, ties included', async () => {
    await api.setup();
    const donor = (await api.signIn()).user.id;
    const other = (await api.signIn()).user.id;
    const drives: string[] = [];
    for (let i = 0; i < 40; i++) drives.push((await api.insertDrive(other)).id);
    const rows: NewDonation[] = [];
    for (let i = 0; i < 330; i++) {
      // Many payments share a moment (across drives too), so batches end inside ties.
      const at = new Date(Date.UTC(2024, 0, 1) + (i % 70) * 86_400_000).toISOString();
      const status = i % 9 === 0 ? 'refunded' : 'paid';
      rows.push(
        buildDonation(i % 10 === 0 ? other : donor, {
          kind: i % 4 === 0 ? 'cash' : 'trees',
          trees: i % 4 === 0 ? 0 : 2,
          drive_id: i % 13 === 0 ? null : drives[(i * 7) % drives.length]!,
          status,
          created_at: at,
          paid_at: status === 'paid' ? at : null,
          updated_at: at,
        }),
      );
    }
    await api.db().insertInto('donations').values(rows).execute();
    const grouped = async (limit: number) =>
      (
        await api
          .db()
          .selectFrom('donations')
          .select('drive_id')
          .where('donor_id', '=', donor)
          .where('status', '=', 'paid')
          .where('drive_id', 'is not', null)
          .groupBy('drive_id')
          .orderBy((eb) => eb.fn.max('paid_at'), 'desc')
          .orderBy('drive_id')
          .limit(limit)
          .execute()
      ).map((r) => r.drive_id);
    for (const limit of [1, 3, 17, 50]) {
      const walked = await latestDriveIds(
        api.db(),
        donor,
        (eb) => eb('status', '=', 'paid'),
        limit,
      );
      expect(walked).toEqual(await grouped(limit));
    }
    expect(await latestDriveIds(api.db(), 'nobody', (eb) => eb('status', '=', 'paid'), 5)).toEqual(
      [],
    );
  });
});
