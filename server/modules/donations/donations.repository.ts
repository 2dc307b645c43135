import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { DonationStatus } from '../../../contract/donations';
import { latestDriveIds } from './donor-drives';
import type {
  BillingProfileRow,
  Database,
  DonationRow,
  DonationsTable,
  NewDonation,
} from '../../db/tables';

/** A donation with its gift summary (`gift_count` 0: no gift to someone). */
export type DonationRowWithGift = DonationRow & {
  gift_count: number;
  gift_claimed: number;
  gift_recipient_name: string | null;
  gift_recipient_emailed: boolean;
};

/**
 * All SQL of donations, on its own tables only (donations, receipt_counters, billing_profiles);
 * the drive, nursery and people a donation names come from their modules (donations-people.ts).
 */
/** A status as stored: a disputed donation is stored `refunded` with `disputed_at` (0051). */
type StoredStatus = DonationsTable['status'];

/** The stored condition of a status the API names (disputed and refunded share `refunded`). */
const statusIs =
  (status: DonationStatus) =>
  ({ eb }: { eb: ExpressionBuilder<Database, 'donations'> }): Expression<SqlBool> =>
    status === 'disputed'
      ? eb.and([
          eb('donations.status', '=', 'refunded'),
          eb('donations.disputed_at', 'is not', null),
        ])
      : status === 'refunded'
        ? eb.and([eb('donations.status', '=', 'refunded'), eb('donations.disputed_at', 'is', null)])
        : eb('donations.status', '=', status);

export function donationsRepository(db: Kysely<Database>) {
  const own = () => db.selectFrom('donations').selectAll();

  const ofDonor = (donorId: string, status: DonationStatus | undefined) => {
    let query = db.selectFrom('donations').where('donor_id', '=', donorId);
    if (status) query = query.where((eb) => statusIs(status)({ eb }));
    return query;
  };

  return {
    insert: (row: NewDonation) => db.insertInto('donations').values(row).execute(),

    findById: (id: string) =>
      db.selectFrom('donations').selectAll().where('id', '=', id).executeTakeFirst(),
    findBySession: (sessionId: string) =>
      db
        .selectFrom('donations')
        .selectAll()
        .where('checkout_session_id', '=', sessionId)
        .executeTakeFirst(),
    findByPaymentRef: (ref: string) =>
      db.selectFrom('donations').selectAll().where('payment_ref', '=', ref).executeTakeFirst(),
    /** A recurring gift's period, by the provider invoice it is (unique donations_invoice_ref_idx). */
    findByInvoice: (invoiceRef: string) =>
      db
        .selectFrom('donations')
        .selectAll()
        .where('invoice_ref', '=', invoiceRef)
        .executeTakeFirst(),

    /** The donation, only if this member made it. */
    findOwnedRecord: (id: string, donorId: string) =>
      own()
        .where('donations.id', '=', id)
        .where('donations.donor_id', '=', donorId)
        .executeTakeFirst(),

    listRecordsForDonor: (
      donorId: string,
      status: DonationStatus | undefined,
      limit: number,
      offset: number,
    ) => {
      let query = own().where('donations.donor_id', '=', donorId);
      if (status) query = query.where((eb) => statusIs(status)({ eb }));
      return query
        .orderBy('donations.created_at', 'desc')
        .orderBy('donations.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /**
     * The donor's donations after `after` in newest-first order (created_at, id), at most
     * `limit`: an export batch, a row-value range on donations_donor_created_idx.
     */
    donorRecordsAfter: (
      donorId: string,
      after: { createdAt: string; id: string } | null,
      limit: number,
    ) =>
      own()
        .where('donations.donor_id', '=', donorId)
        .$if(after !== null, (q) =>
          q.where(
            sql<SqlBool>`(${sql.ref('donations.created_at')}, ${sql.ref('donations.id')}) < (${after!.createdAt}, ${after!.id})`,
          ),
        )
        .orderBy('donations.created_at', 'desc')
        .orderBy('donations.id', 'desc')
        .limit(limit)
        .execute(),

    /**
     * A page of the donor's donations (as `listRecordsForDonor`) with each one's gift summary:
     * scalar subqueries on `donation_gifts (donation_id, position)`, so one statement per page.
     */
    async listRecordsWithGiftsForDonor(
      donorId: string,
      status: DonationStatus | undefined,
      limit: number,
      offset: number,
    ): Promise<DonationRowWithGift[]> {
      let query = own()
        .select((eb) => {
          const gifts = () =>
            eb.selectFrom('donation_gifts as g').whereRef('g.donation_id', '=', 'donations.id');
          const first = () => gifts().where('g.position', '=', 0);
          return [
            gifts()
              .select((g) => g.fn.countAll<number>().as('n'))
              .as('gift_count'),
            gifts()
              .select((g) => g.fn.count<number>('g.claimed_by').as('n'))
              .as('gift_claimed'),
            first().select('g.recipient_name').as('gift_recipient_name'),
            first()
              .select(sql<number>`case when g.recipient_email is null then 0 else 1 end`.as('e'))
              .as('gift_recipient_emailed'),
          ];
        })
        .where('donations.donor_id', '=', donorId);
      if (status) query = query.where((eb) => statusIs(status)({ eb }));
      const rows = await query
        .orderBy('donations.created_at', 'desc')
        .orderBy('donations.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => ({
        ...r,
        gift_count: Number(r.gift_count ?? 0),
        gift_claimed: Number(r.gift_claimed ?? 0),
        gift_recipient_name: r.gift_recipient_name ?? null,
        gift_recipient_emailed: Number(r.gift_recipient_emailed ?? 0) === 1,
      }));
    },
    async countForDonor(donorId: string, status: DonationStatus | undefined): Promise<number> {
      const row = await ofDonor(donorId, status)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The member's paid tree donations, most recently paid first. */
    paidTreeRecordsForDonor: (donorId: string, limit: number, offset: number) =>
      own()
        .where('donations.donor_id', '=', donorId)
        .where('donations.status', '=', 'paid')
        .where('donations.kind', '=', 'trees')
        .orderBy('donations.paid_at', 'desc')
        .orderBy('donations.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    /**
     * Moves a donation on only from one of `from`: concurrent deliveries of the same outcome
     * change it once (the row lock makes the second re-read the status). True when this call did.
     */
    async transition(
      id: string,
      from: readonly StoredStatus[],
      changes: Updateable<DonationsTable>,
    ): Promise<boolean> {
      const row = await db
        .updateTable('donations')
        .set(changes)
        .where('id', '=', id)
        .where('status', 'in', from)
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Records the provider's session once the checkout exists (only while the donation waits). */
    setCheckoutSession: (id: string, sessionId: string, at: string) =>
      db
        .updateTable('donations')
        .set({ checkout_session_id: sessionId, updated_at: at })
        .where('id', '=', id)
        .where('checkout_session_id', 'is', null)
        .execute(),

    setReceiptNumber: (id: string, receiptNumber: string) =>
      db
        .updateTable('donations')
        .set({ receipt_number: receiptNumber })
        .where('id', '=', id)
        .where('receipt_number', 'is', null)
        .execute(),

    /**
     * The next receipt number of a year, in the caller's transaction: the counter row is created
     * if absent, then incremented (its row lock orders concurrent payments; a rollback gives the
     * number back, so numbers are sequential and never reused).
     */
    async nextReceiptSequence(year: number): Promise<number> {
      await db
        .insertInto('receipt_counters')
        .values({ year, last: 0 })
        .onConflict((oc) => oc.column('year').doNothing())
        .execute();
      const row = await db
        .updateTable('receipt_counters')
        .set((eb) => ({ last: eb('last', '+', 1) }))
        .where('year', '=', year)
        .returning('last')
        .executeTakeFirstOrThrow();
      return Number(row.last);
    },

    /** Paid trees and cash (in `currency`) a drive received. */
    async driveTotals(driveId: string, currency: string) {
      const row = await db
        .selectFrom('donations')
        .where('drive_id', '=', driveId)
        .where('status', '=', 'paid')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('trees'), eb.lit(0)).as('trees'),
          eb.fn.coalesce(eb.fn.sum<number>(cashIn(currency)), eb.lit(0)).as('amount'),
        ])
        .executeTakeFirstOrThrow();
      return { trees: Number(row.trees), amount: Number(row.amount) };
    },

    /**
     * A drive's paid donations summed per donor who gave with their name (`named`, one row per such
     * donor, of this drive only), and the anonymous ones summed into one row (`anonymous`).
     * donations-people.ts leaves deleted members' rows out of `named` and adds them to the rest.
     */
    async driveDonorTotals(driveId: string, currency: string) {
      const paid = () =>
        db
          .selectFrom('donations')
          .where('donations.drive_id', '=', driveId)
          .where('donations.status', '=', 'paid');
      const [named, anonymous] = await Promise.all([
        paid()
          .where('donations.anonymous', '=', 0)
          .groupBy('donations.donor_id')
          .select((eb) => [
            'donations.donor_id as user_id',
            eb.fn.countAll<number>().as('n'),
            eb.fn.sum<number>('donations.trees').as('trees'),
            eb.fn.coalesce(eb.fn.sum<number>(cashIn(currency)), eb.lit(0)).as('amount'),
            eb.fn.max('donations.paid_at').as('last_paid_at'),
          ])
          .execute(),
        paid()
          .where('donations.anonymous', '=', 1)
          .select((eb) => [
            eb.fn.countAll<number>().as('n'),
            eb.fn.coalesce(eb.fn.sum<number>('donations.trees'), eb.lit(0)).as('trees'),
            eb.fn.coalesce(eb.fn.sum<number>(cashIn(currency)), eb.lit(0)).as('amount'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return {
        named: named.map((r) => ({
          user_id: r.user_id,
          n: Number(r.n),
          trees: Number(r.trees),
          amount: Number(r.amount),
          last_paid_at: r.last_paid_at,
        })),
        anonymous: {
          n: Number(anonymous.n),
          trees: Number(anonymous.trees),
          amount: Number(anonymous.amount),
        },
      };
    },

    /** Donations allocated to a sapling reservation that are paid or waiting for payment. */
    async countAllocated(reservationId: string): Promise<number> {
      const row = await db
        .selectFrom('donations')
        .where('reservation_id', '=', reservationId)
        .where('status', 'in', ['pending', 'paid'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Who paid for the trees allocated to a sapling reservation (names: donations-people.ts). */
    reservationDonorRecords: (reservationId: string) =>
      db
        .selectFrom('donations')
        .where('reservation_id', '=', reservationId)
        .where('status', '=', 'paid')
        .groupBy(['donor_id', 'anonymous'])
        .select(['donor_id as user_id', 'anonymous'])
        .orderBy('donor_id')
        .limit(200)
        .execute(),

    /** Everyone with a paid gift to the drive, anonymous givers too, once each. */
    async paidDonorIds(driveId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('donations')
        .select('donor_id')
        .distinct()
        .where('drive_id', '=', driveId)
        .where('status', '=', 'paid')
        .execute();
      return rows.map((r) => r.donor_id);
    },

    /** The drives a donor gave to (paid gifts of trees or cash), latest payment first. */
    paidDriveIds: (donorId: string, limit: number): Promise<string[]> =>
      latestDriveIds(db, donorId, (eb) => eb('status', '=', 'paid'), limit),

    async hasPaidDonations(driveId: string): Promise<boolean> {
      const row = await db
        .selectFrom('donations')
        .select('id')
        .where('drive_id', '=', driveId)
        .where('status', 'in', ['paid', 'refunded'])
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },

    /**
     * Adds to the money received in a currency (negative: a refund of a paid donation), in the
     * caller's transaction: the row is created if absent, then incremented (its lock orders
     * concurrent payments).
     */
    async addToTotals(currency: string, amount: number, trees: number, donations: number) {
      await db
        .insertInto('donation_totals')
        .values({ currency, amount_minor: 0, trees: 0, donations: 0 })
        .onConflict((oc) => oc.column('currency').doNothing())
        .execute();
      await db
        .updateTable('donation_totals')
        .set((eb) => ({
          amount_minor: eb('amount_minor', '+', amount),
          trees: eb('trees', '+', trees),
          donations: eb('donations', '+', donations),
        }))
        .where('currency', '=', currency)
        .execute();
    },

    /** Pending checkouts started before `before`, oldest first (the expiry job's batch). */
    async stalePendingIds(before: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('donations')
        .select('id')
        .where('status', '=', 'pending')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Moves these donations from pending to expired (a payment arriving later still counts). */
    async expirePending(ids: readonly string[], at: string, reason: string): Promise<number> {
      if (!ids.length) return 0;
      const result = await db
        .updateTable('donations')
        .set({ status: 'expired', failure_reason: reason, updated_at: at })
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    findBilling: (userId: string): Promise<BillingProfileRow | undefined> =>
      db
        .selectFrom('billing_profiles')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    saveBilling: (row: BillingProfileRow) =>
      db
        .insertInto('billing_profiles')
        .values(row)
        .onConflict((oc) => {
          const { user_id: _userId, ...changes } = row;
          return oc.column('user_id').doUpdateSet(changes);
        })
        .execute(),
    deleteBilling: (userId: string) =>
      db.deleteFrom('billing_profiles').where('user_id', '=', userId).execute(),
  };
}
export type DonationsRepository = ReturnType<typeof donationsRepository>;

/** The cash part of a donation in `currency` (tree donations count as trees, not money). */
const cashIn = (currency: string) =>
  sql<number>`case when donations.kind = 'cash' and donations.currency = ${currency}
    then donations.amount_minor else 0 end`;
