import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { periodSpans } from '../../lib/period-months';

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

    /**
     * Trees of the paid tree donations to a drive, refunds taken away (issue 21 §3's "funded"):
     * the drive's rows of `donation_drive_days` (a range of its primary key).
     */
    async treesForDrive(driveId: string): Promise<number> {
      const row = await db
        .selectFrom('donation_drive_days')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('trees'), eb.lit(0)).as('trees'))
        .where('drive_id', '=', driveId)
        .executeTakeFirstOrThrow();
      return Number(row.trees);
    },

    /** Whether the member paid any donation (one row of `donation_donor_totals`). */
    async hasPaid(donorId: string): Promise<boolean> {
      const row = await db
        .selectFrom('donation_donor_totals')
        .select('currency')
        .where('donor_id', '=', donorId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** What a member gave, per currency (0044 `donation_donor_totals`, kept by triggers). */
    paidByDonor: (donorId: string) =>
      db
        .selectFrom('donation_donor_totals')
        .select(['currency', 'amount_minor as amount', 'trees', 'donations as n'])
        .where('donor_id', '=', donorId)
        .orderBy('currency')
        .execute(),

    /**
     * What the organiser's drives received per payment month (YYYY-MM) and currency, paid in
     * [from, before) when given (day starts, as `periodBounds` gives them), oldest month first.
     * From `donation_organiser_periods` (0039, kept by triggers on `donation_drive_days`): a row
     * per whole month and currency, and per day of a period's partial first and last months.
     */
    async paidToOrganiserByMonth(organiserId: string, from?: string, before?: string) {
      const ranges = periodSpans(from, before);
      const rows = (
        await Promise.all(
          ranges.map((range) =>
            db
              .selectFrom('donation_organiser_periods')
              .select(['period', 'currency', 'amount_minor', 'trees', 'donations'])
              .where('organiser_id', '=', organiserId)
              .where('span', '=', range.span)
              .$if(range.from !== undefined, (q) => q.where('period', '>=', range.from!))
              .$if(range.before !== undefined, (q) => q.where('period', '<', range.before!))
              .execute(),
          ),
        )
      ).flat();
      type Sum = { month: string; currency: string; amount: number; trees: number; n: number };
      const sums = new Map<string, Sum>();
      for (const row of rows) {
        const month = row.period.slice(0, 7);
        const key = `${month} ${row.currency}`;
        const sum = sums.get(key) ?? { month, currency: row.currency, amount: 0, trees: 0, n: 0 };
        sum.amount += Number(row.amount_minor);
        sum.trees += Number(row.trees);
        sum.n += Number(row.donations);
        sums.set(key, sum);
      }
      const order = (a: Sum, b: Sum) =>
        a.month !== b.month
          ? a.month < b.month
            ? -1
            : 1
          : a.currency === b.currency
            ? 0
            : a.currency < b.currency
              ? -1
              : 1;
      return [...sums.values()].sort(order);
    },

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
