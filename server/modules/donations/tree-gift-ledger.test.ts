import { describe, expect, it, vi } from 'vitest';
import { buildDonation } from '../../../tests/support/factories';
import { queryPlans } from '../../../tests/support/query-plans';
import { databaseTargets } from '../../../tests/support/test-database';
import type { NewDonation } from '../../db/tables';
import { newId } from '../../lib/ids';
import { donationApi } from './donation-test-kit';
import { treeGiftLedger } from './tree-gift-ledger';

describe.each(databaseTargets)('a donor’s tree gifts for their forest on $name', (target) => {
  const api = donationApi(target);

  it('sums a donor’s paid tree gifts as a scan of their donations does, on a range of the donor’s own donations', async () => {
    await api.setup();
    const donors: string[] = [];
    for (let i = 0; i < 4; i++) donors.push((await api.signIn()).user.id);
    const drives = [];
    for (let i = 0; i < 3; i++) drives.push(await api.insertDrive(donors[3]!));
    const rows: NewDonation[] = [];
    for (let i = 0; i < 240; i++) {
      const at = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString();
      const trees = i % 5 === 0 ? 0 : 1 + (i % 7);
      const status = i % 6 === 0 ? 'refunded' : i % 11 === 0 ? 'pending' : 'paid';
      rows.push(
        buildDonation(donors[i % donors.length]!, {
          kind: trees > 0 ? 'trees' : 'cash',
          trees,
          planted_trees: trees > 0 ? i % 4 : 0,
          drive_id: i % 3 === 0 ? null : drives[i % 3]!.id,
          status,
          created_at: at,
          paid_at: status === 'paid' ? at : null,
          updated_at: at,
        }),
      );
    }
    await api.db().insertInto('donations').values(rows).execute();
    const { plans } = await queryPlans(
      api.db(),
      async (caught) => {
        for (const donor of donors) {
          const mine = rows.filter(
            (r) => r.donor_id === donor && r.kind === 'trees' && r.status === 'paid',
          );
          const totals = await treeGiftLedger(caught).donorGiftTotals(donor);
          expect(totals).toEqual({
            gifts: mine.length,
            funded: mine.reduce((n, r) => n + Number(r.trees), 0),
            planted: mine.reduce(
              (n, r) => n + Math.min(Number(r.planted_trees), Number(r.trees)),
              0,
            ),
          });
          const latest = new Map<string, string>();
          for (const r of mine)
            if (r.drive_id && (latest.get(r.drive_id) ?? '') < r.paid_at!)
              latest.set(r.drive_id, r.paid_at!);
          expect(await treeGiftLedger(caught).donorGiftDriveIds(donor, 50)).toEqual(
            [...latest.entries()].sort((a, b) => (a[1] < b[1] ? 1 : -1)).map(([id]) => id),
          );
        }
      },
      { only: (sql) => sql.startsWith('select') && sql.includes('from "donations" where') },
    );
    if (target.name !== 'sqlite') return;
    expect(plans.length).toBeGreaterThanOrEqual(2);
    // A range of the donor's own entries (after ANALYZE at a million rows: the partial index of
    // paid tree gifts), never every paid tree gift of the community on donations_status_kind_idx.
    for (const plan of plans) expect(plan).toMatch(/donations_donor_\w+idx \(donor_id=\?/);
  });
  it('answers the forest’s donor side in two statements, as the separate reads do', async () => {
    await api.setup();
    const [giver, recipient, other] = [
      (await api.signIn()).user.id,
      (await api.signIn()).user.id,
      (await api.signIn()).user.id,
    ];
    const drives = [];
    for (let i = 0; i < 70; i++) drives.push(await api.insertDrive(other!));
    const rows: NewDonation[] = [];
    for (let i = 0; i < 320; i++) {
      const at = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
      // The newest 150 payments go to three drives: the drive walk needs more than one batch.
      const drive = i >= 170 ? drives[i % 3]! : i % 9 === 0 ? null : drives[i % 70]!;
      const trees = i % 13 === 0 ? 0 : 1 + (i % 5);
      const status = i % 17 === 0 ? 'refunded' : 'paid';
      rows.push(
        buildDonation(i % 7 === 0 ? recipient! : giver!, {
          kind: trees > 0 ? 'trees' : 'cash',
          trees,
          planted_trees: trees > 0 ? i % 4 : 0,
          drive_id: drive?.id ?? null,
          status,
          created_at: at,
          paid_at: at,
          updated_at: at,
        }),
      );
    }
    await api.db().insertInto('donations').values(rows).execute();
    // The recipient claims one gift of every tenth of the giver's tree gifts (half of its trees).
    const claimed = rows.filter(
      (r, i) => i % 10 === 1 && r.donor_id === giver && r.kind === 'trees' && r.trees! >= 2,
    );
    for (const r of claimed) {
      const share = Math.floor(r.trees! / 2);
      await api
        .db()
        .insertInto('donation_gifts')
        .values({
          id: newId(),
          donation_id: r.id,
          position: 1,
          trees: share,
          recipient_name: 'Ravi',
          recipient_email: null,
          message: null,
          send_on: null,
          code_hash: newId(),
          claimed_by: recipient!,
          claimed_at: r.paid_at,
          sent_at: null,
          resend_window_at: null,
          created_at: r.created_at!,
        })
        .execute();
      await api
        .db()
        .updateTable('donations')
        .set({ claimed_trees: share })
        .where('id', '=', r.id)
        .execute();
    }
    const statements = new Map<string, number[]>();
    const counted = api.db().withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => result,
    });
    const spy = vi.spyOn(counted.getExecutor(), 'executeQuery');
    const ledger = treeGiftLedger(api.db());
    for (const donor of [giver!, recipient!, other!]) {
      const gifts = await ledger.donorGifts(donor, undefined, 400);
      const cursors = [undefined, ...[3, 40].flatMap((i) => (gifts[i] ? [gifts[i]] : []))];
      for (const before of cursors) {
        spy.mockClear();
        const answer = await treeGiftLedger(counted).donorForest(donor, before, 25, 50);
        statements.set(donor, [...(statements.get(donor) ?? []), spy.mock.calls.length]);
        expect(answer).toEqual({
          totals: await ledger.donorGiftTotals(donor),
          gifts: await ledger.donorGifts(donor, before, 25),
          driveIds: await ledger.donorGiftDriveIds(donor, 50),
        });
      }
    }
    spy.mockRestore();
    // Two statements; the giver's walk of given gifts reads one more batch (its newest 100
    // payments went to three drives).
    expect([...statements.values()]).toEqual([[3, 3, 3], [2, 2, 2], [2]]);
  });
});
