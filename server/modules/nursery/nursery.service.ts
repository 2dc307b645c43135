import { PRICING_RESERVATION_STATUSES } from '../../../contract/nursery';
import type { SessionUser } from '../auth/auth.service';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import type { NotificationsService } from '../notifications/notifications.service';
import { chainOfCustody, type ChainLinks } from './chain-of-custody';
import { reservationsService } from './reservations.service';
import { stockService } from './stock.service';
import type { ReservationsStore, StockStore } from './nursery-people';

export interface NurseryServiceDeps {
  uow: UnitOfWork;
  stockRepo: (db: Executor) => StockStore;
  reservationsRepo: (db: Executor) => ReservationsStore;
  clock: Clock;
  notifications: Pick<NotificationsService, 'notify'>;
  /** The donation currency: sapling prices are in it. */
  currency: string;
  /** Trees, donations and drives, asked through their services (bound late: they are built after). */
  links: ChainLinks;
}

/**
 * Partner nurseries: their sapling stock (stock.service.ts), drive organisers' reservations of it
 * (reservations.service.ts), and the chain of custody from nursery to living tree plus the
 * nursery's dashboard (chain-of-custody.ts).
 */
export function nurseryService(deps: NurseryServiceDeps) {
  const stock = stockService(deps);
  const reservations = reservationsService(deps);
  const chain = chainOfCustody({ ...deps, present: reservations.presentAll });
  return {
    stock,
    reservations,
    driveChain: chain.driveChain,
    provenance: chain.provenance,
    dashboard: (user: SessionUser) => chain.dashboard(user, deps.currency),
    drivePricing: reservations.drivePricing,
    isDeliveredTo: reservations.isDeliveredTo,
    /** Whether this nursery supplies the drive: a confirmed or delivered reservation of theirs. */
    async suppliedDrive(nurseryId: string, driveId: string): Promise<boolean> {
      const rows = await deps
        .reservationsRepo(deps.uow.db)
        .driveReservations(driveId, PRICING_RESERVATION_STATUSES);
      return rows.some((r) => r.nursery_id === nurseryId);
    },
    /**
     * The nursery growing each of these sapling reservations, by reservation id (unknown ids are
     * absent): one query for another module's page of rows. `on`: the caller's transaction.
     */
    async reservationNurseries(
      ids: Iterable<string>,
      on?: { db: Executor },
    ): Promise<Map<string, string>> {
      const unique = [...new Set(ids)];
      const rows = await deps.reservationsRepo(on?.db ?? deps.uow.db).nurseriesOf(unique);
      return new Map(rows.map((r) => [r.id, r.nursery_id]));
    },
    /**
     * The nursery's delivered reservations, except those of drives these organisers organise
     * (issue 21 §2: the trees a nursery verifies; the organiser side lists those drives itself).
     */
    suppliedReservationIds: (nurseryId: string, exceptOrganisers: string[]) =>
      deps.reservationsRepo(deps.uow.db).deliveredIdsOf(nurseryId, exceptOrganisers),
    refuseDriveDeletion: reservations.refuseDriveDeletion,
    onAccountDeleted: (userId: string, tx: Tx) => reservations.onAccountDeleted(userId, tx),
  };
}
export type NurseryService = ReturnType<typeof nurseryService>;
