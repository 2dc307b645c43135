import { sql, type Kysely, type Updateable } from 'kysely';
import type { DonationStatus } from '../../../contract/donations';
import type { BillingProfileRow, Database, DonationsTable, NewDonation } from '../../db/tables';

/**
 * All SQL of donations: its own tables (donations, receipt_counters, billing_profiles), plus reads
 * of the drive and donor a donation names (never writes to them).
 */
export function donationsRepository(db: Kysely<Database>) {
  /** A donation with the drive it went to (null for the general fund). */
  const withDrive = () =>
    db
      .selectFrom('donations')
      .leftJoin('drives', 'drives.id', 'donations.drive_id')
      // The nursery growing the trees, through the sapling reservation they are allocated to.
      .leftJoin('sapling_reservations as sr', 'sr.id', 'donations.reservation_id')
      .leftJoin('users as nu', 'nu.id', 'sr.nursery_id')
      .selectAll('donations')
      .select([
        'drives.name as drive_name',
        'drives.starts_at as drive_starts_at',
        'sr.nursery_id as nursery_id',
        'nu.username as nursery_username',
        'nu.name as nursery_name',
        'nu.deleted_at as nursery_deleted_at',
      ]);

  const ofDonor = (donorId: string, status: DonationStatus | undefined) => {
    let query = db.selectFrom('donations').where('donor_id', '=', donorId);
    if (status) query = query.where('status', '=', status);
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

    /** The donation with its drive, only if this member made it. */
    findOwned: (id: string, donorId: string) =>
      withDrive()
        .where('donations.id', '=', id)
        .where('donations.donor_id', '=', donorId)
        .executeTakeFirst(),

    listForDonor: (
      donorId: string,
      status: DonationStatus | undefined,
      limit: number,
      offset: number,
    ) => {
      let query = withDrive().where('donations.donor_id', '=', donorId);
      if (status) query = query.where('donations.status', '=', status);
      return query
        .orderBy('donations.created_at', 'desc')
        .orderBy('donations.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async countForDonor(donorId: string, status: DonationStatus | undefined): Promise<number> {
      const row = await ofDonor(donorId, status)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The member's paid tree donations, most recently paid first. */
    paidTreesForDonor: (donorId: string, limit: number, offset: number) =>
      withDrive()
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
      from: readonly DonationStatus[],
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

    /** Who gave, and to whose drive: what the notices after a payment need. */
    paymentParties: (donationId: string) =>
      db
        .selectFrom('donations')
        .innerJoin('users as donor', 'donor.id', 'donations.donor_id')
        .leftJoin('drives', 'drives.id', 'donations.drive_id')
        .select([
          'donor.email as donor_email',
          'donor.username as donor_username',
          'donor.name as donor_name',
          'donor.deleted_at as donor_deleted_at',
          'drives.name as drive_name',
          'drives.organizer_id as organizer_id',
        ])
        .where('donations.id', '=', donationId)
        .executeTakeFirst(),

    /** Who the receipt is for. */
    donor: (userId: string) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'username', 'name', 'deleted_at'])
        .where('id', '=', userId)
        .executeTakeFirst(),

    findDrive: (id: string) =>
      db
        .selectFrom('drives')
        .select(['id', 'name', 'starts_at', 'organizer_id'])
        .where('id', '=', id)
        .executeTakeFirst(),

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
     * A drive's paid donations per donor, most recent first; `anonymous` ones (and deleted
     * members') are summed into one row without a name.
     */
    async driveDonors(driveId: string, currency: string, limit: number) {
      const paid = () =>
        db
          .selectFrom('donations')
          .innerJoin('users', 'users.id', 'donations.donor_id')
          .where('donations.drive_id', '=', driveId)
          .where('donations.status', '=', 'paid');
      const [named, hidden] = await Promise.all([
        paid()
          .where('donations.anonymous', '=', 0)
          .where('users.deleted_at', 'is', null)
          .groupBy(['users.id', 'users.username', 'users.name'])
          .select((eb) => [
            'users.id as user_id',
            'users.username',
            'users.name',
            eb.fn.sum<number>('donations.trees').as('trees'),
            eb.fn.coalesce(eb.fn.sum<number>(cashIn(currency)), eb.lit(0)).as('amount'),
            eb.fn.max('donations.paid_at').as('last_paid_at'),
          ])
          .orderBy('last_paid_at', 'desc')
          .orderBy('users.id')
          .limit(limit)
          .execute(),
        paid()
          .where((eb) =>
            eb.or([eb('donations.anonymous', '=', 1), eb('users.deleted_at', 'is not', null)]),
          )
          .select((eb) => [
            eb.fn.countAll<number>().as('n'),
            eb.fn.coalesce(eb.fn.sum<number>('donations.trees'), eb.lit(0)).as('trees'),
            eb.fn.coalesce(eb.fn.sum<number>(cashIn(currency)), eb.lit(0)).as('amount'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return {
        named: named.map((r) => ({ ...r, trees: Number(r.trees), amount: Number(r.amount) })),
        hidden: { n: Number(hidden.n), trees: Number(hidden.trees), amount: Number(hidden.amount) },
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

    /** Who paid for the trees allocated to a sapling reservation: named, and a count of the rest. */
    async reservationDonors(reservationId: string) {
      const rows = await db
        .selectFrom('donations')
        .innerJoin('users', 'users.id', 'donations.donor_id')
        .where('donations.reservation_id', '=', reservationId)
        .where('donations.status', '=', 'paid')
        .groupBy([
          'users.id',
          'users.username',
          'users.name',
          'users.deleted_at',
          'donations.anonymous',
        ])
        .select([
          'users.id as user_id',
          'users.username',
          'users.name',
          'users.deleted_at',
          'donations.anonymous',
        ])
        .orderBy('users.id')
        .limit(200)
        .execute();
      return rows;
    },

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
