import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

/** Read-only donation figures for stats and dashboards (paid donations only). */
export function donationSummariesRepository(db: Kysely<Database>) {
  return {
    /**
     * Community totals from the summary kept by fulfilment (0020): trees given in every currency,
     * and money received less refunds in `currency` (trees and cash alike).
     */
    async communityTotals(currency: string) {
      const rows = await db
        .selectFrom('donation_totals')
        .select(['currency', 'amount_minor', 'trees'])
        .execute();
      return {
        trees: rows.reduce((sum, r) => sum + Number(r.trees), 0),
        money: Number(rows.find((r) => r.currency === currency)?.amount_minor ?? 0),
      };
    },

    /** What a member gave, per currency. */
    paidByDonor: (donorId: string) =>
      db
        .selectFrom('donations')
        .select((eb) => [
          'currency',
          eb.fn.sum<number>('amount_minor').as('amount'),
          eb.fn.sum<number>('trees').as('trees'),
          eb.fn.countAll<number>().as('n'),
        ])
        .where('donor_id', '=', donorId)
        .where('status', '=', 'paid')
        .groupBy('currency')
        .orderBy('currency')
        .execute(),

    /** What these drives received per payment month (YYYY-MM) and currency, paid in [from, before). */
    paidToDrivesByMonth: (driveIds: readonly string[], from?: string, before?: string) => {
      let query = db
        .selectFrom('donations')
        .select((eb) => [
          eb.fn<string>('substr', ['paid_at', eb.val(1), eb.val(7)]).as('month'),
          'currency',
          eb.fn.sum<number>('amount_minor').as('amount'),
          eb.fn.sum<number>('trees').as('trees'),
          eb.fn.countAll<number>().as('n'),
        ])
        .where('drive_id', 'in', driveIds)
        .where('status', '=', 'paid')
        .where('paid_at', 'is not', null)
        .groupBy(['month', 'currency']);
      if (from) query = query.where('paid_at', '>=', from);
      if (before) query = query.where('paid_at', '<', before);
      return query.execute();
    },
  };
}
