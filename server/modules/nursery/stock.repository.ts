import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, NurseryStockTable } from '../../db/tables';

/** A stock line as its queries read it (the nursery's names come from users: nursery-people.ts). */
const stockColumns = [
  'nursery_stock.id',
  'nursery_stock.nursery_id',
  'nursery_stock.species_id',
  'nursery_stock.size',
  'nursery_stock.quantity_available',
  'nursery_stock.price_minor',
  'nursery_stock.currency',
  'nursery_stock.pickup_lat',
  'nursery_stock.pickup_lng',
  'nursery_stock.pickup_location_text',
  'nursery_stock.notes',
  'nursery_stock.removed_at',
  'nursery_stock.created_at',
  'nursery_stock.updated_at',
] as const;

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** Longitude ranges: two when the box crosses the antimeridian, none near the poles. */
  lngRanges: Array<[number, number]>;
}

export interface StockFilter {
  species?: number;
  box?: BoundingBox;
}

/**
 * A line's great-circle distance from `center` in km (haversine, as nursery-mapper's), in SQL:
 * SQLite (better-sqlite3 has the math functions) and PostgreSQL alike. The CASE keeps asin's
 * argument at most 1 where rounding would push an antipodal point over.
 */
function distanceKm(center: { lat: number; lng: number }) {
  const lat = sql.ref('nursery_stock.pickup_lat');
  const lng = sql.ref('nursery_stock.pickup_lng');
  const h = sql`power(sin(radians(${lat} - ${center.lat}) / 2), 2)
    + cos(radians(${center.lat})) * cos(radians(${lat}))
      * power(sin(radians(${lng} - ${center.lng}) / 2), 2)`;
  return sql<number>`(2 * 6371.0088 * asin(sqrt(case when ${h} > 1 then 1 else ${h} end)))`;
}

/** All SQL of sapling stock (table `nursery_stock`). */
export function stockRepository(db: Kysely<Database>) {
  const withNursery = () => db.selectFrom('nursery_stock').select(stockColumns);

  /** What members can find: listed, not removed, with saplings left. */
  const findable = (filter: StockFilter) => {
    let query = withNursery()
      .where('nursery_stock.removed_at', 'is', null)
      .where('nursery_stock.quantity_available', '>', 0);
    if (filter.species !== undefined)
      query = query.where('nursery_stock.species_id', '=', filter.species);
    const box = filter.box;
    if (box) {
      query = query
        .where('nursery_stock.pickup_lat', '>=', box.minLat)
        .where('nursery_stock.pickup_lat', '<=', box.maxLat);
      if (box.lngRanges.length > 0)
        query = query.where((eb) =>
          eb.or(
            box.lngRanges.map(([lo, hi]) =>
              eb.and([
                eb('nursery_stock.pickup_lng', '>=', lo),
                eb('nursery_stock.pickup_lng', '<=', hi),
              ]),
            ),
          ),
        );
    }
    return query;
  };

  return {
    insert: (row: Insertable<NurseryStockTable>) =>
      db.insertInto('nursery_stock').values(row).execute(),

    findRecord: (id: string) =>
      withNursery()
        .where('nursery_stock.id', '=', id)
        .where('nursery_stock.removed_at', 'is', null)
        .executeTakeFirst(),

    update: (id: string, patch: Updateable<NurseryStockTable>) =>
      db.updateTable('nursery_stock').set(patch).where('id', '=', id).execute(),

    remove: (id: string) => db.deleteFrom('nursery_stock').where('id', '=', id).execute(),

    /** Hidden from every list, with nothing left to reserve; reservations still name it. */
    markRemoved: (id: string, at: string) =>
      db
        .updateTable('nursery_stock')
        .set({ removed_at: at, quantity_available: 0, updated_at: at })
        .where('id', '=', id)
        .execute(),

    /**
     * Takes `quantity` saplings only while that many are left, in one statement: concurrent
     * reservations can never oversell. True when it took them.
     */
    async take(id: string, quantity: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('nursery_stock')
        .set((eb) => ({
          quantity_available: eb('quantity_available', '-', quantity),
          updated_at: at,
        }))
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .where('quantity_available', '>=', quantity)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    giveBack: (id: string, quantity: number, at: string) =>
      db
        .updateTable('nursery_stock')
        .set((eb) => ({
          quantity_available: eb('quantity_available', '+', quantity),
          updated_at: at,
        }))
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .execute(),

    /** The nursery's own listed stock, newest first (sold-out lines included). */
    listOwnRecords: (nurseryId: string, limit: number, offset: number) =>
      withNursery()
        .where('nursery_stock.nursery_id', '=', nurseryId)
        .where('nursery_stock.removed_at', 'is', null)
        .orderBy('nursery_stock.created_at', 'desc')
        .orderBy('nursery_stock.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    async countOwn(nurseryId: string): Promise<number> {
      const row = await db
        .selectFrom('nursery_stock')
        .where('nursery_id', '=', nurseryId)
        .where('removed_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Findable stock, newest first, one page. */
    listFindableRecords: (filter: StockFilter, limit: number, offset: number) =>
      findable(filter)
        .orderBy('nursery_stock.created_at', 'desc')
        .orderBy('nursery_stock.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    async countFindable(filter: StockFilter): Promise<number> {
      const row = await db
        .selectFrom(findable(filter).as('f'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /**
     * A ring of the nearest-first search: findable lines in the ring's box (the index), within
     * `ringKm` of `center` and after the cursor, nearest first, at most `want`, with their exact
     * distance computed in SQL on both dialects.
     */
    nearestInRing: (
      filter: StockFilter & { box: BoundingBox },
      center: { lat: number; lng: number },
      ringKm: number,
      after: { km: number; id: string } | undefined,
      want: number,
    ) => {
      const km = distanceKm(center);
      let query = findable(filter).select(km.as('distance_km')).where(km, '<=', ringKm);
      if (after)
        query = query.where((eb) =>
          eb.or([
            eb(km, '>', after.km),
            eb.and([eb(km, '=', after.km), eb('nursery_stock.id', '>', after.id)]),
          ]),
        );
      return query.orderBy(km).orderBy('nursery_stock.id').limit(want).execute();
    },
    /** Findable lines within `radiusKm` of `center` (their box by index, then the distance). */
    async countWithin(
      filter: StockFilter & { box: BoundingBox },
      center: { lat: number; lng: number },
      radiusKm: number,
    ): Promise<number> {
      const row = await db
        .selectFrom(findable(filter).where(distanceKm(center), '<=', radiusKm).as('f'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The nursery's listed stock summed per species (the dashboard). */
    bySpecies: (nurseryId: string) =>
      db
        .selectFrom('nursery_stock')
        .where('nursery_id', '=', nurseryId)
        .where('removed_at', 'is', null)
        .groupBy('species_id')
        .select((eb) => [
          'species_id',
          eb.fn.sum<number>('quantity_available').as('quantity'),
          eb.fn.countAll<number>().as('lines'),
        ])
        .orderBy('species_id')
        .execute(),

    ownIds: async (nurseryId: string) =>
      (
        await db
          .selectFrom('nursery_stock')
          .select('id')
          .where('nursery_id', '=', nurseryId)
          .where('removed_at', 'is', null)
          .execute()
      ).map((r) => r.id),
  };
}
export type StockRepository = ReturnType<typeof stockRepository>;
export type StockRecord = NonNullable<Awaited<ReturnType<StockRepository['findRecord']>>>;
/** A stock line with its nursery's name parts (for "who grows it"). */
export type StockWithNursery = StockRecord & {
  nursery_username: string;
  nursery_name: string | null;
  nursery_deleted_at: string | null;
};
