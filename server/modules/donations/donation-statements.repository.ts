import { sql, type Kysely } from 'kysely';
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
 * Still paid (refunded and disputed gifts are stored `refunded`), written so that no index can
 * answer it: with a plain `status = 'paid'` both databases chose the status indexes (most gifts are
 * paid) and read every paid donation of every donor, instead of the donor's range of
 * donations_donor_paid_idx.
 */
const stillPaid = sql<boolean>`(case when donations.status = 'paid' then 1 else 0 end) = 1`;

/**
 * All SQL of the yearly statements (issue 22), on the donations module's own tables. A donor's
 * year is a range of `donations_donor_paid_idx` (donor_id, paid_at), read in keyset pages; the
 * January job takes donors in id order a batch at a time and looks at each one's year there.
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
        .where(stillPaid);
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
     * The next `limit` members (by id, after `afterDonorId`) with any donation: the January job's
     * batches walk the donors in the order of a donor index, so each batch reads only its donors'
     * entries and the whole run reads each entry once (a year's gifts are spread over every donor).
     */
    donorsAfter: async (afterDonorId: string | null, limit: number): Promise<string[]> => {
      let query = db.selectFrom('donations').select('donor_id');
      if (afterDonorId !== null) query = query.where('donor_id', '>', afterDonorId);
      const rows = await query.groupBy('donor_id').orderBy('donor_id').limit(limit).execute();
      return rows.map((row) => row.donor_id);
    },

    /** Which of these donors have a gift paid in the range and still paid (their year's ranges). */
    withPaidGifts: async (
      donorIds: readonly string[],
      range: { from: string; to: string },
    ): Promise<string[]> => {
      if (donorIds.length === 0) return [];
      const rows = await db
        .selectFrom('donations')
        .select('donor_id')
        .where('donor_id', 'in', donorIds)
        .where('paid_at', '>=', range.from)
        .where('paid_at', '<', range.to)
        .where(stillPaid)
        .groupBy('donor_id')
        .orderBy('donor_id')
        .execute();
      return rows.map((row) => row.donor_id);
    },
  };
}
export type DonationStatementsRepository = ReturnType<typeof donationStatementsRepository>;
