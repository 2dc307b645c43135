import type { Kysely } from 'kysely';
import type { Database, PaymentEventsTable } from '../../db/tables';

/** The payment_events table: each provider event id is owned by the one insert that succeeds. */
export function paymentsRepository(db: Kysely<Database>) {
  return {
    /**
     * True the first time this provider event is seen. A concurrent delivery of the same id
     * waits for the first one's transaction and then finds the row.
     */
    async recordEvent(row: PaymentEventsTable): Promise<boolean> {
      const inserted = await db
        .insertInto('payment_events')
        .values(row)
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return Boolean(inserted);
    },

    setOutcome: (
      provider: string,
      eventId: string,
      outcome: PaymentEventsTable['outcome'],
      donationId: string | null,
    ) =>
      db
        .updateTable('payment_events')
        .set({ outcome, donation_id: donationId })
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .execute(),

    eventsFor: (donationId: string) =>
      db
        .selectFrom('payment_events')
        .selectAll()
        .where('donation_id', '=', donationId)
        .orderBy('received_at')
        .execute(),
  };
}
export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
