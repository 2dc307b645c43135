import { sql, type Kysely, type Updateable } from 'kysely';
import type {
  Database,
  DonationRow,
  DonationSubscriptionRow,
  DonationSubscriptionsTable,
  NewDonation,
} from '../../db/tables';
import type { Executor } from '../../db/unit-of-work';

type Status = DonationSubscriptionsTable['status'];
type NewSubscription = Omit<
  DonationSubscriptionRow,
  | 'provider_ref'
  | 'first_donation_id'
  | 'next_at'
  | 'pause_until'
  | 'cancel_at_period_end'
  | 'cancelled_at'
  | 'yearly_statement'
  | 'periods'
  | 'failure_reason'
  | 'reminded_for'
> &
  Partial<DonationSubscriptionRow>;

/**
 * The SQL of recurring gifts (issue 22): `donation_subscriptions`, `payment_customers`, and the
 * donations that are their periods. Every read is by key or a short indexed range.
 */
export function recurringGiftsRepository(db: Executor | Kysely<Database>) {
  const subscriptions = () => db.selectFrom('donation_subscriptions').selectAll();

  return {
    insert: (row: NewSubscription) => db.insertInto('donation_subscriptions').values(row).execute(),

    find: (id: string): Promise<DonationSubscriptionRow | undefined> =>
      subscriptions().where('id', '=', id).executeTakeFirst(),

    findByRef: (ref: string): Promise<DonationSubscriptionRow | undefined> =>
      subscriptions().where('provider_ref', '=', ref).executeTakeFirst(),

    findOwned: (id: string, donorId: string): Promise<DonationSubscriptionRow | undefined> =>
      subscriptions().where('id', '=', id).where('donor_id', '=', donorId).executeTakeFirst(),

    /** A member's recurring gifts, newest first (donation_subscriptions_donor_idx). */
    listForDonor: (donorId: string, limit: number) =>
      subscriptions()
        .where('donor_id', '=', donorId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** The newest `perGift` periods of each gift (donations_subscription_idx), one query. */
    async periodsOf(ids: string[], perGift: number): Promise<DonationRow[]> {
      if (ids.length === 0) return [];
      const ranked = db
        .selectFrom('donations')
        .selectAll()
        .select(
          sql<number>`row_number() over (partition by subscription_id order by created_at desc, id desc)`.as(
            'rank',
          ),
        )
        .where('subscription_id', 'in', ids);
      const rows = await db
        .selectFrom(ranked.as('r'))
        .selectAll()
        .where('r.rank', '<=', perGift)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .execute();
      return rows.map(({ rank: _rank, ...row }) => row as DonationRow);
    },

    /** Changes a gift, optionally only while it is in one of `from`; true when it did. */
    async update(
      id: string,
      changes: Updateable<DonationSubscriptionsTable>,
      from?: readonly Status[],
    ): Promise<boolean> {
      let query = db.updateTable('donation_subscriptions').set(changes).where('id', '=', id);
      if (from) query = query.where('status', 'in', from);
      return Boolean(await query.returning('id').executeTakeFirst());
    },

    setProviderRef: (id: string, ref: string) =>
      db
        .updateTable('donation_subscriptions')
        .set({ provider_ref: ref })
        .where('id', '=', id)
        .where('provider_ref', 'is', null)
        .execute(),

    /**
     * A period was paid: the gift is active again (from incomplete, past due or paused), one more period,
     * and the next charge moves to the period's end (never back: events come in any order).
     */
    periodPaid: (id: string, periodEnd: string, at: string) =>
      db
        .updateTable('donation_subscriptions')
        .set({
          periods: sql`periods + 1`,
          status: sql`case when status in ('incomplete', 'past_due', 'paused') then 'active' else status end`,
          // A period paid after a pause: the pause is over.
          pause_until: sql`case when status = 'paused' then null else pause_until end`,
          failure_reason: null,
          next_at: sql`case when next_at is null or next_at < ${periodEnd} then ${periodEnd} else next_at end`,
          updated_at: at,
        })
        .where('id', '=', id)
        .execute(),

    /** Gifts still waiting for a first payment that was cancelled or expired end (no period). */
    async endIncomplete(firstDonationIds: string[], at: string): Promise<void> {
      if (firstDonationIds.length === 0) return;
      await db
        .updateTable('donation_subscriptions')
        .set({ status: 'cancelled', cancelled_at: at, updated_at: at })
        .where('status', '=', 'incomplete')
        .where('first_donation_id', 'in', firstDonationIds)
        .execute();
    },

    // ---- the donations that are periods

    findDonation: (id: string) =>
      db.selectFrom('donations').selectAll().where('id', '=', id).executeTakeFirst(),

    findByInvoice: (invoiceRef: string) =>
      db
        .selectFrom('donations')
        .selectAll()
        .where('invoice_ref', '=', invoiceRef)
        .executeTakeFirst(),

    /** The first period's donation takes the first invoice, unless another donation has it. */
    async claimInvoice(donationId: string, invoiceRef: string): Promise<boolean> {
      const row = await db
        .updateTable('donations')
        .set({ invoice_ref: invoiceRef })
        .where('id', '=', donationId)
        .where('invoice_ref', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('donations as other')
                .select('other.id')
                .where('other.invoice_ref', '=', invoiceRef),
            ),
          ),
        )
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    /** A renewal's donation; a second insert for the same invoice does nothing (false). */
    async insertPeriod(row: NewDonation): Promise<boolean> {
      const inserted = await db
        .insertInto('donations')
        .values(row)
        .onConflict((oc) => oc.column('invoice_ref').doNothing())
        .returning('id')
        .executeTakeFirst();
      return Boolean(inserted);
    },

    /** A period paid through its checkout learns its payment from the invoice (refunds name it). */
    attachPaymentRef: (donationId: string, ref: string) =>
      db
        .updateTable('donations')
        .set({ payment_ref: ref })
        .where('id', '=', donationId)
        .where('payment_ref', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('donations as other')
                .select('other.id')
                .where('other.payment_ref', '=', ref),
            ),
          ),
        )
        .execute(),

    /** The first period's checkout that never got paid is cancelled with its gift. */
    cancelPending: (donationId: string, at: string, reason: string) =>
      db
        .updateTable('donations')
        .set({ status: 'cancelled', failure_reason: reason, updated_at: at })
        .where('id', '=', donationId)
        .where('status', '=', 'pending')
        .execute(),

    // ---- the provider's customers

    customerOf: async (userId: string, provider: string) =>
      (
        await db
          .selectFrom('payment_customers')
          .select('customer_ref')
          .where('user_id', '=', userId)
          .where('provider', '=', provider)
          .executeTakeFirst()
      )?.customer_ref ?? null,

    saveCustomer: (userId: string, provider: string, ref: string, at: string) =>
      db
        .insertInto('payment_customers')
        .values({ user_id: userId, provider, customer_ref: ref, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
        .execute(),

    // ---- scheduled work, oldest first on donation_subscriptions_due_idx

    /** Gifts of `provider` whose next charge is due at `now`. */
    due: (provider: string, now: string, limit: number) =>
      subscriptions()
        .where('provider', '=', provider)
        .where('status', 'in', ['active', 'paused'])
        .where('next_at', '<=', now)
        .orderBy('next_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Active yearly gifts renewing in (from, to] whose notice for that renewal is not sent. */
    renewalsToTell: (provider: string, from: string, to: string, limit: number) =>
      subscriptions()
        .where('provider', '=', provider)
        .where('status', '=', 'active')
        .where('next_at', '>', from)
        .where('next_at', '<=', to)
        .where('interval', '=', 'year')
        .where('cancel_at_period_end', '=', 0)
        .where((eb) =>
          eb.or([eb('reminded_for', 'is', null), eb('reminded_for', '<>', eb.ref('next_at'))]),
        )
        .orderBy('next_at')
        .limit(limit)
        .execute(),
  };
}
export type RecurringGiftsRepository = ReturnType<typeof recurringGiftsRepository>;
