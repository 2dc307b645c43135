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

    /**
     * What the organiser's drives received per payment month (YYYY-MM) and currency, paid in
     * [from, before) when given (day starts, as `periodBounds` gives them): from
     * `donation_drive_days`, one index range (organiser_id, paid_day).
     */
    paidToOrganiserByMonth: (organiserId: string, from?: string, before?: string) =>
      db
        .selectFrom('donation_drive_days')
        .select((eb) => [
          eb.fn<string>('substr', ['paid_day', eb.val(1), eb.val(7)]).as('month'),
          'currency',
          eb.fn.sum<number>('amount_minor').as('amount'),
          eb.fn.sum<number>('trees').as('trees'),
          eb.fn.sum<number>('donations').as('n'),
        ])
        .where('organiser_id', '=', organiserId)
        .$if(from !== undefined, (q) => q.where('paid_day', '>=', from!.slice(0, 10)))
        .$if(before !== undefined, (q) => q.where('paid_day', '<', before!.slice(0, 10)))
        .groupBy(['month', 'currency'])
        .orderBy('month')
        .orderBy('currency')
        .execute(),

    /**
     * Adds a paid donation to its drive's day (`sign` -1: takes a refunded one off again), in the
     * caller's transaction. `organiser`: the drive's organiser, asked only when the row is new.
     */
    async addToDriveDay(
      donation: {
        drive_id: string;
        paid_at: string;
        currency: string;
        amount_minor: number;
        trees: number;
      },
      sign: 1 | -1,
      organiser: () => Promise<string | undefined>,
    ): Promise<void> {
      const key = {
        drive_id: donation.drive_id,
        paid_day: donation.paid_at.slice(0, 10),
        currency: donation.currency,
      };
      const change = {
        amount_minor: sign * donation.amount_minor,
        trees: sign * donation.trees,
        donations: sign,
      };
      const update = () =>
        db
          .updateTable('donation_drive_days')
          .set((eb) => ({
            amount_minor: eb('amount_minor', '+', change.amount_minor),
            trees: eb('trees', '+', change.trees),
            donations: eb('donations', '+', change.donations),
          }))
          .where('drive_id', '=', key.drive_id)
          .where('paid_day', '=', key.paid_day)
          .where('currency', '=', key.currency)
          .executeTakeFirst();
      if (Number((await update()).numUpdatedRows) === 0) {
        if (sign < 0) return;
        const organiserId = await organiser();
        if (organiserId === undefined) return;
        // Made empty, then added to: a concurrent first payment of the day adds to the same row.
        await db
          .insertInto('donation_drive_days')
          .values({ ...key, organiser_id: organiserId, amount_minor: 0, trees: 0, donations: 0 })
          .onConflict((oc) => oc.columns(['drive_id', 'paid_day', 'currency']).doNothing())
          .execute();
        await update();
      } else if (sign < 0)
        // A day whose donations were all refunded counts nothing: it goes.
        await db
          .deleteFrom('donation_drive_days')
          .where('drive_id', '=', key.drive_id)
          .where('paid_day', '=', key.paid_day)
          .where('currency', '=', key.currency)
          .where('donations', '=', 0)
          .execute();
    },
  };
}
