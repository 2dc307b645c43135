import type { Kysely } from 'kysely';
import type { Database, DonationRow, DonationSubscriptionsTable } from '../../db/tables';

/** A paid gift as the yearly statement lists it: the donation and its recurring gift's interval. */
export type StatementDonationRow = DonationRow & {
  subscription_interval: DonationSubscriptionsTable['interval'] | null;
};

/** Where the next page of a donor's year starts: the last gift read (oldest first). */
export interface StatementKey {
  paidAt: string;
  id: string;
}

/**
 * All SQL of the yearly statements (issue 22), on the donations module's own tables. Both reads
 * walk `donations_donor_paid_idx` (donor_id, paid_at) in keyset pages: a donor's year is a range
 * of it; the donors of a year are its donor ids in order, each looked at for that year only.
 */
export function donationStatementsRepository(db: Kysely<Database>) {
  return {
    /**
     * The donor's gifts still paid (refunded and disputed ones are stored `refunded`) with
     * `from <= paid_at < to`, oldest first, after `after`, at most `limit`.
     */
    paidGifts: (
      donorId: string,
      range: { from: string; to: string },
      after: StatementKey | null,
      limit: number,
    ): Promise<StatementDonationRow[]> => {
      let query = db
        .selectFrom('donations')
        .leftJoin(
          'donation_subscriptions',
          'donation_subscriptions.id',
          'donations.subscription_id',
        )
        .selectAll('donations')
        .select('donation_subscriptions.interval as subscription_interval')
        .where('donations.donor_id', '=', donorId)
        .where('donations.paid_at', '>=', after?.paidAt ?? range.from)
        .where('donations.paid_at', '<', range.to)
        .where('donations.status', '=', 'paid');
      if (after)
        query = query.where((eb) =>
          eb.or([eb('donations.paid_at', '>', after.paidAt), eb('donations.id', '>', after.id)]),
        );
      return query
        .orderBy('donations.paid_at')
        .orderBy('donations.id')
        .limit(limit)
        .execute() as Promise<StatementDonationRow[]>;
    },

    /**
     * The next `limit` donors (by id, after `afterDonorId`) with at least one gift paid in the range
     * and still paid: the January mail's batches.
     */
    donorsWithPaidGifts: async (
      range: { from: string; to: string },
      afterDonorId: string | null,
      limit: number,
    ): Promise<string[]> => {
      let query = db
        .selectFrom('donations')
        .select('donor_id')
        .where('paid_at', '>=', range.from)
        .where('paid_at', '<', range.to)
        .where('status', '=', 'paid');
      if (afterDonorId !== null) query = query.where('donor_id', '>', afterDonorId);
      const rows = await query.groupBy('donor_id').orderBy('donor_id').limit(limit).execute();
      return rows.map((row) => row.donor_id);
    },
  };
}
export type DonationStatementsRepository = ReturnType<typeof donationStatementsRepository>;
