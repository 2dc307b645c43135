import type { UnitOfWork } from '../../db/unit-of-work';
import { donationSummariesRepository } from './donation-summaries.repository';

/** Paid money and trees in one currency. */
export interface CurrencyTotal {
  currency: string;
  amountMinor: number;
  trees: number;
  donations: number;
}

const total = (row: { currency: string; amount: unknown; trees: unknown; n: unknown }) => ({
  currency: row.currency,
  amountMinor: Number(row.amount ?? 0),
  trees: Number(row.trees ?? 0),
  donations: Number(row.n ?? 0),
});

/** The community's donation figures, as the landing page shows them. */
export interface DonationTotals {
  /** Trees in paid donations. */
  treesDonated: number;
  /** Paid cash donations, in minor units (refunds leave the paid status, so they are not counted). */
  moneyRaisedMinor: number;
}

/** The donations service's read methods for stats and dashboards (paid donations only). */
export function donationSummaries(uow: UnitOfWork) {
  const repo = () => donationSummariesRepository(uow.db);
  return {
    /**
     * Trees donated and money raised by the whole community: one aggregate. Money is cash gifts
     * only and every row is summed whatever its currency (donations are taken in the configured one).
     */
    async totals(): Promise<DonationTotals> {
      const row = await repo().communityTotals();
      return { treesDonated: Number(row.trees), moneyRaisedMinor: Number(row.money) };
    },

    /** What the member gave, per currency. */
    async paidTotalsOf(donorId: string): Promise<CurrencyTotal[]> {
      return (await repo().paidByDonor(donorId)).map(total);
    },

    /** What these drives received per payment month and currency, paid in [from, before). */
    async receivedByMonth(
      driveIds: readonly string[],
      from?: string,
      before?: string,
    ): Promise<Array<CurrencyTotal & { month: string }>> {
      const rows: Array<CurrencyTotal & { month: string }> = [];
      // Chunks keep the bound parameters well under every driver's limit.
      for (let i = 0; i < driveIds.length; i += 500)
        for (const row of await repo().paidToDrivesByMonth(
          driveIds.slice(i, i + 500),
          from,
          before,
        ))
          rows.push({ month: String(row.month), ...total(row) });
      return rows;
    },
  };
}
