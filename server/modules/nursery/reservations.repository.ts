import type { Insertable, Kysely, Updateable } from 'kysely';
import type { ReservationStatus } from '../../../contract/nursery';
import type { Database, SaplingReservationsTable } from '../../db/tables';

/**
 * All SQL of sapling reservations (table `sapling_reservations`), with the stock line each names;
 * the drive and the two people come from their modules (nursery-people.ts).
 */
export function reservationsRepository(db: Kysely<Database>) {
  const detailed = () =>
    db
      .selectFrom('sapling_reservations as r')
      .innerJoin('nursery_stock as s', 's.id', 'r.stock_id')
      .selectAll('r')
      .select(['s.species_id', 's.size', 's.pickup_location_text']);

  const sumQuantity = async (
    query: ReturnType<typeof base>,
  ): Promise<{ quantity: number; n: number }> => {
    const row = await query
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('quantity'),
        eb.fn.countAll<number>().as('n'),
      ])
      .executeTakeFirstOrThrow();
    return { quantity: Number(row.quantity), n: Number(row.n) };
  };
  const base = () => db.selectFrom('sapling_reservations');

  return {
    insert: (row: Insertable<SaplingReservationsTable>) =>
      db.insertInto('sapling_reservations').values(row).execute(),

    findRecord: (id: string) => detailed().where('r.id', '=', id).executeTakeFirst(),

    /** The nursery's delivered reservations' ids, except those of these organisers' drives. */
    deliveredIdsOf: async (nurseryId: string, exceptOrganisers: readonly string[]) =>
      (
        await base()
          .select('id')
          .where('nursery_id', '=', nurseryId)
          .where('status', '=', 'delivered')
          .$if(exceptOrganisers.length > 0, (q) =>
            q.where('organiser_id', 'not in', exceptOrganisers),
          )
          .execute()
      ).map((r) => r.id),

    /** Moves the status on only from one of `from`; false when another request got there first. */
    async transition(
      id: string,
      from: readonly ReservationStatus[],
      patch: Updateable<SaplingReservationsTable>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('sapling_reservations')
        .set(patch)
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    listRecordsForDrive: (driveId: string, limit: number, offset: number) =>
      detailed()
        .where('r.drive_id', '=', driveId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    countForDrive: async (driveId: string) =>
      (await sumQuantity(base().where('drive_id', '=', driveId))).n,

    listRecordsForNursery: (
      nurseryId: string,
      statuses: readonly ReservationStatus[] | undefined,
      limit: number,
      offset: number,
    ) => {
      let query = detailed().where('r.nursery_id', '=', nurseryId);
      if (statuses) query = query.where('r.status', 'in', statuses);
      return query
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async countForNursery(
      nurseryId: string,
      statuses: readonly ReservationStatus[] | undefined,
    ): Promise<number> {
      let query = base().where('nursery_id', '=', nurseryId);
      if (statuses) query = query.where('status', 'in', statuses);
      return (await sumQuantity(query)).n;
    },

    /** The saplings of a drive's reservations in these states. */
    driveQuantity: async (driveId: string, statuses: readonly ReservationStatus[]) =>
      (await sumQuantity(base().where('drive_id', '=', driveId).where('status', 'in', statuses)))
        .quantity,

    /** The drive's reservations (ids and nurseries) in these states, oldest first. */
    driveReservationRecords: (driveId: string, statuses: readonly ReservationStatus[]) =>
      db
        .selectFrom('sapling_reservations')
        .where('drive_id', '=', driveId)
        .where('status', 'in', statuses)
        .select(['id', 'nursery_id', 'unit_price_minor', 'currency', 'created_at'])
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** The nursery of each of these reservations, by reservation id (donations show who grows them). */
    nurseriesOf: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('sapling_reservations')
            .select(['id', 'nursery_id'])
            .where('id', 'in', ids)
            .execute(),

    /** Reservations of one stock line in these states (deleting stock checks them). */
    countForStock: async (stockId: string, statuses?: readonly ReservationStatus[]) => {
      let query = base().where('stock_id', '=', stockId);
      if (statuses) query = query.where('status', 'in', statuses);
      return (await sumQuantity(query)).n;
    },

    /** Open reservations a person is part of, as nursery or as organiser (account deletion). */
    openRecordsInvolving: (userId: string, statuses: readonly ReservationStatus[]) =>
      detailed()
        .where((eb) => eb.or([eb('r.nursery_id', '=', userId), eb('r.organiser_id', '=', userId)]))
        .where('r.status', 'in', statuses)
        .execute(),

    /** The nursery's delivered saplings and the drives they went to. */
    async deliveredTotals(nurseryId: string): Promise<{ saplings: number; drives: number }> {
      const row = await db
        .selectFrom('sapling_reservations')
        .where('nursery_id', '=', nurseryId)
        .where('status', '=', 'delivered')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('saplings'),
          eb.fn.count<number>('drive_id').distinct().as('drives'),
        ])
        .executeTakeFirstOrThrow();
      return { saplings: Number(row.saplings), drives: Number(row.drives) };
    },

    /** The nursery's reservations made or delivered since `since` (the monthly chart). */
    activitySince: (nurseryId: string, since: string) =>
      db
        .selectFrom('sapling_reservations')
        .where('nursery_id', '=', nurseryId)
        .where((eb) => eb.or([eb('created_at', '>=', since), eb('delivered_at', '>=', since)]))
        .select(['quantity', 'status', 'created_at', 'delivered_at'])
        .execute(),
  };
}
export type ReservationsRepository = ReturnType<typeof reservationsRepository>;
export type ReservationRecord = NonNullable<
  Awaited<ReturnType<ReservationsRepository['findRecord']>>
>;
/** A reservation with its stock line, drive and the two people it names, as pages show it. */
export type ReservationDetail = ReservationRecord & {
  drive_name: string;
  drive_starts_at: string;
  drive_organizer_id: string;
  nursery_username: string;
  nursery_name: string | null;
  nursery_deleted_at: string | null;
  organiser_username: string;
  organiser_name: string | null;
  organiser_deleted_at: string | null;
  /** The two people's saved languages, for the notices each is sent (null: English). */
  nursery_locale: string | null;
  organiser_locale: string | null;
};
