import {
  encodeStockCursor,
  NURSERY_MESSAGES,
  OPEN_RESERVATION_STATUSES,
  type Stock,
  type StockListQuery,
  type StockRequest,
  type StockUpdateRequest,
} from '../../../contract/nursery';
import type { NurseryStockTable } from '../../db/tables';
import type { Executor, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { SessionUser } from '../auth/auth.service';
import { nearestStock } from './nearest-stock';
import { boundingBox, toStock } from './nursery-mapper';
import type { StockWithNursery } from './stock.repository';
import type { Updateable } from 'kysely';
import type { ReservationsStore, StockStore } from './nursery-people';

/** How deep `page` goes in a nearest-first search (the `after` cursor goes on from anywhere). */
const NEAR_OFFSET_MAX = 1000;

export interface StockServiceDeps {
  uow: UnitOfWork;
  stockRepo: (db: Executor) => StockStore;
  reservationsRepo: (db: Executor) => ReservationsStore;
  clock: Clock;
  /** The donation currency: every sapling price is in it. */
  currency: string;
}

export function stockService(deps: StockServiceDeps) {
  const { uow, clock } = deps;
  const repo = deps.stockRepo(uow.db);
  const nowIso = () => clock.now().toISOString();

  function assertNursery(user: SessionUser): void {
    if (user.profile_type !== 'nursery') throw forbidden(NURSERY_MESSAGES.nurseryOnly);
  }

  /** The caller's own stock line: 404 when unknown (or removed), 403 for another nursery's. */
  async function requireOwnStock(user: SessionUser, id: string): Promise<StockWithNursery> {
    assertNursery(user);
    const row = await repo.findById(id);
    if (!row) throw notFound(NURSERY_MESSAGES.stockNotFound);
    if (row.nursery_id !== user.id) throw forbidden(NURSERY_MESSAGES.stockNotYours);
    return row;
  }

  async function present(id: string, callerId: string): Promise<Stock> {
    const row = await repo.findById(id);
    if (!row) throw notFound(NURSERY_MESSAGES.stockNotFound);
    return toStock(row, callerId);
  }

  return {
    async get(callerId: string, id: string): Promise<Stock> {
      return present(id, callerId);
    },

    async create(user: SessionUser, input: StockRequest): Promise<Stock> {
      assertNursery(user);
      const id = newId();
      const at = nowIso();
      await repo.insert({
        id,
        nursery_id: user.id,
        species_id: input.speciesId,
        size: input.size,
        quantity_available: input.quantityAvailable,
        price_minor: input.priceMinor,
        currency: deps.currency,
        pickup_lat: input.pickupLat,
        pickup_lng: input.pickupLng,
        pickup_location_text: input.pickupLocation,
        notes: input.notes,
        created_at: at,
        updated_at: at,
      });
      return present(id, user.id);
    },

    async update(user: SessionUser, id: string, input: StockUpdateRequest): Promise<Stock> {
      await requireOwnStock(user, id);
      const patch: Updateable<NurseryStockTable> = { updated_at: nowIso() };
      if (input.speciesId !== undefined) patch.species_id = input.speciesId;
      if (input.size !== undefined) patch.size = input.size;
      if (input.quantityAvailable !== undefined) patch.quantity_available = input.quantityAvailable;
      if (input.priceMinor !== undefined) patch.price_minor = input.priceMinor;
      if (input.pickupLat !== undefined) patch.pickup_lat = input.pickupLat;
      if (input.pickupLng !== undefined) patch.pickup_lng = input.pickupLng;
      if (input.pickupLocation !== undefined) patch.pickup_location_text = input.pickupLocation;
      if (input.notes !== undefined) patch.notes = input.notes;
      await repo.update(id, patch);
      return present(id, user.id);
    },

    /**
     * Refused while reservations are open (they hold saplings from it); stock that reservations
     * ever named is hidden instead of deleted so their record keeps its species and place.
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      await requireOwnStock(user, id);
      await uow.withTransaction(async (tx) => {
        const reservations = deps.reservationsRepo(tx.db);
        if ((await reservations.countForStock(id, OPEN_RESERVATION_STATUSES)) > 0)
          throw conflict(NURSERY_MESSAGES.stockHasOpenReservations);
        const stock = deps.stockRepo(tx.db);
        if ((await reservations.countForStock(id)) > 0) await stock.markRemoved(id, nowIso());
        else await stock.remove(id);
      });
    },

    /**
     * `mine`: the caller's own lines. Otherwise what members can reserve: with `near`, nearest
     * first whatever the distance (within `radiusKm` when given), each with its distance, paged by
     * `after` (keyset on distance and id) or `page`; else newest first.
     */
    async list(callerId: string, query: StockListQuery) {
      const { page, limit } = query;
      if (query.after && !query.near) throw badRequest(NURSERY_MESSAGES.cursorNeedsNear);
      const offset = query.after ? 0 : (page - 1) * limit;
      /** A page read by offset (no distance cursor). */
      const offsetPage = async (
        rows: Promise<Parameters<typeof toStock>[0][]>,
        count: Promise<number>,
      ) => {
        const [found, total] = await Promise.all([rows, count]);
        return {
          data: found.map((r) => toStock(r, callerId)),
          page,
          limit,
          total,
          nextCursor: null,
        };
      };
      if (query.scope === 'mine') {
        return offsetPage(repo.listOwn(callerId, limit, offset), repo.countOwn(callerId));
      }
      if (!query.near) {
        const filter = { species: query.species };
        return offsetPage(repo.listFindable(filter, limit, offset), repo.countFindable(filter));
      }
      const center = query.near;
      const radiusKm = query.radiusKm;
      const [result, total] = await Promise.all([
        nearestStock({
          center,
          radiusKm,
          after: query.after,
          want: Math.min(offset, NEAR_OFFSET_MAX) + limit + 1,
          read: (ring, after, want) =>
            repo.nearestInRing(
              { species: query.species, box: ring.box },
              center,
              ring.km,
              after,
              want,
            ),
        }),
        radiusKm === undefined
          ? repo.countFindable({ species: query.species })
          : repo.countWithin(
              { species: query.species, box: boundingBox(center, radiusKm) },
              center,
              radiusKm,
            ),
      ]);
      // Deeper than NEAR_OFFSET_MAX lines, `page` answers nothing: `after` goes on by keyset.
      const pageRows = offset > NEAR_OFFSET_MAX ? [] : result.found.slice(offset, offset + limit);
      const named = new Map((await repo.named(pageRows)).map((r) => [r.id, r]));
      const last = pageRows.at(-1);
      const more = result.found.length > offset + limit;
      return {
        data: pageRows.flatMap((row) => {
          const line = named.get(row.id);
          return line ? [toStock(line, callerId, Number(row.distance_km))] : [];
        }),
        page,
        limit,
        total,
        nextCursor:
          more && last ? encodeStockCursor({ km: Number(last.distance_km), id: last.id }) : null,
      };
    },
  };
}
export type StockService = ReturnType<typeof stockService>;
