import type { Insertable, Kysely, Updateable } from 'kysely';
import type { ReservationStatus } from '../../../contract/nursery';
import type { Database, SaplingReservationsTable } from '../../db/tables';

/**
 * All SQL of sapling reservations (table `sapling_reservations`), plus reads of the drive, the
 * stock line and the two people a reservation names (never writes to them).
 */
export function reservationsRepository(db: Kysely<Database>) {
  const detailed = () =>
    db
      .selectFrom('sapling_reservations as r')
      .innerJoin('drives as d', 'd.id', 'r.drive_id')
      .innerJoin('nursery_stock as s', 's.id', 'r.stock_id')
      .innerJoin('users as n', 'n.id', 'r.nursery_id')
      .innerJoin('users as o', 'o.id', 'r.organiser_id')
      .selectAll('r')
      .select([
        'd.name as drive_name',
        'd.starts_at as drive_starts_at',
        'd.organizer_id as drive_organizer_id',
        's.species_id',
        's.size',
        's.pickup_location_text',
        'n.username as nursery_username',
        'n.name as nursery_name',
        'n.deleted_at as nursery_deleted_at',
        'o.username as organiser_username',
        'o.name as organiser_name',
        'o.deleted_at as organiser_deleted_at',
      ]);

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

    findById: (id: string) => detailed().where('r.id', '=', id).executeTakeFirst(),

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

    listForDrive: (driveId: string, limit: number, offset: number) =>
      detailed()
        .where('r.drive_id', '=', driveId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    countForDrive: async (driveId: string) =>
      (await sumQuantity(base().where('drive_id', '=', driveId))).n,

    listForNursery: (
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
    driveReservations: (driveId: string, statuses: readonly ReservationStatus[]) =>
      db
        .selectFrom('sapling_reservations as r')
        .innerJoin('users as n', 'n.id', 'r.nursery_id')
        .where('r.drive_id', '=', driveId)
        .where('r.status', 'in', statuses)
        .select([
          'r.id',
          'r.nursery_id',
          'r.unit_price_minor',
          'r.currency',
          'r.created_at',
          'n.username as nursery_username',
          'n.name as nursery_name',
          'n.deleted_at as nursery_deleted_at',
        ])
        .orderBy('r.created_at')
        .orderBy('r.id')
        .execute(),

    /** Reservations of one stock line in these states (deleting stock checks them). */
    countForStock: async (stockId: string, statuses?: readonly ReservationStatus[]) => {
      let query = base().where('stock_id', '=', stockId);
      if (statuses) query = query.where('status', 'in', statuses);
      return (await sumQuantity(query)).n;
    },

    /** Open reservations a person is part of, as nursery or as organiser (account deletion). */
    openInvolving: (userId: string, statuses: readonly ReservationStatus[]) =>
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
export type ReservationDetail = NonNullable<
  Awaited<ReturnType<ReservationsRepository['findById']>>
>;
