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
  /**
   * Money received in the configured currency, trees and cash, less refunds (minor units).
   * Donations are taken in the configured currency; any in another one (an earlier setting)
   * are left out rather than added as if they were the same money.
   */
  moneyRaisedMinor: number;
}

/** The donations service's read methods for stats and dashboards (paid donations only). */
export function donationSummaries(uow: UnitOfWork, currency: string) {
  const repo = () => donationSummariesRepository(uow.db);
  return {
    /**
     * Trees donated and money received by the whole community, from the summary row per currency
     * that fulfilment keeps (no scan of donations): money is trees and cash in `currency`, less
     * refunds.
     */
    async totals(): Promise<DonationTotals> {
      const row = await repo().communityTotals(currency);
      return { treesDonated: row.trees, moneyRaisedMinor: row.money };
    },

    /** Trees paid for at a drive (paid tree donations, refunds taken away; issue 21 §3). */
    treesFundedForDrive: (driveId: string): Promise<number> => repo().treesForDrive(driveId),

    /** Whether the member paid any donation (the getting-started checklist). */
    hasPaidDonation: (donorId: string): Promise<boolean> => repo().hasPaid(donorId),

    /** What the member gave, per currency. */
    async paidTotalsOf(donorId: string): Promise<CurrencyTotal[]> {
      return (await repo().paidByDonor(donorId)).map(total);
    },

    /**
     * What the organiser's drives received per payment month and currency, paid in
     * [from, before) when given (day starts): from the day rows fulfilment keeps.
     */
    async receivedForOrganiser(
      organiserId: string,
      from?: string,
      before?: string,
    ): Promise<Array<CurrencyTotal & { month: string }>> {
      const rows = await repo().paidToOrganiserByMonth(organiserId, from, before);
      return rows.map((row) => ({ month: String(row.month), ...total(row) }));
    },
  };
}
