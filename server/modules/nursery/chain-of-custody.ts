import {
  NURSERY_LIMITS,
  NURSERY_MESSAGES,
  OPEN_RESERVATION_STATUSES,
  type DriveChain,
  type NurseryDashboard,
  type Reservation,
  type TreeProvenance,
} from '../../../contract/nursery';
import type { Executor, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { forbidden } from '../../lib/errors';
import type { SessionUser } from '../auth/auth.service';
import { personName, speciesRef } from './nursery-mapper';
import type { ReservationsStore, StockStore } from './nursery-people';
import type { ReservationDetail } from './reservations.repository';

/** What the chain needs from other modules, asked through their services. */
export interface ChainLinks {
  /** Trees registered from these reservations: plants planted and alive today. */
  treeCounts: (reservationIds: string[]) => Promise<{ planted: number; alive: number }>;
  /** A tree as any member sees it: its drive, reservation and planter. */
  tree: (
    callerId: string,
    treeId: string,
  ) => Promise<{
    driveId: string | null;
    reservationId?: string | null;
    owner: { id: string; name: string };
  }>;
  /** The named donors of the donations allocated to a reservation (or given to a drive). */
  donors: (
    reservationId: string | null,
    driveId: string | null,
  ) => Promise<Array<{ userId: string | null; name: string | null }>>;
  /** True when donations are allocated to the reservation (paid or being paid). */
  hasDonations: (reservationId: string, executor?: Executor) => Promise<boolean>;
  /** The drives' rule: the user acts for a drive's organiser (is them, or a team owner/admin). */
  actsForOrganiser: (user: SessionUser, organiserId: string) => Promise<boolean>;
  /** A drive's name and date (null when unknown). */
  drive: (driveId: string) => Promise<{ id: string; name: string; startsAt: string } | null>;
}

const OPEN_ON_DASHBOARD = 50;
const MONTHS = 12;

/** The chain of custody (drive page, tree page) and the nursery's dashboard. */
export function chainOfCustody(deps: {
  uow: UnitOfWork;
  stockRepo: (db: Executor) => StockStore;
  reservationsRepo: (db: Executor) => ReservationsStore;
  clock: Clock;
  links: ChainLinks;
  /** Reservations as the caller sees them, with what they may do (reservations.service.ts). */
  present: (rows: ReservationDetail[], user: SessionUser) => Promise<Reservation[]>;
}) {
  const { uow, clock, links } = deps;
  const stock = deps.stockRepo(uow.db);
  const reservations = deps.reservationsRepo(uow.db);

  return {
    /** reserved → delivered → planted (registered from its reservations) → alive today. */
    async driveChain(driveId: string): Promise<DriveChain> {
      const [reserved, delivered, rows] = await Promise.all([
        reservations.driveQuantity(driveId, [...OPEN_RESERVATION_STATUSES, 'delivered']),
        reservations.driveQuantity(driveId, ['delivered']),
        reservations.driveReservations(driveId, [...OPEN_RESERVATION_STATUSES, 'delivered']),
      ]);
      const counts = await links.treeCounts(rows.map((r) => r.id));
      const nurseries = new Map<string, string>();
      for (const r of rows)
        nurseries.set(
          r.nursery_id,
          personName({
            username: r.nursery_username,
            name: r.nursery_name,
            deleted_at: r.nursery_deleted_at,
          }),
        );
      return {
        reserved,
        delivered,
        planted: counts.planted,
        alive: counts.alive,
        nurseries: [...nurseries].map(([id, name]) => ({ id, name })),
      };
    },

    /** Where a tree came from: nursery, drive, donors (named unless anonymous), planter. */
    async provenance(callerId: string, treeId: string): Promise<TreeProvenance> {
      const tree = await links.tree(callerId, treeId);
      const reservation = tree.reservationId
        ? await reservations.findById(tree.reservationId)
        : undefined;
      const driveId = reservation?.drive_id ?? tree.driveId;
      const [drive, donors] = await Promise.all([
        driveId ? links.drive(driveId) : Promise.resolve(null),
        reservation || driveId
          ? links.donors(reservation?.id ?? null, driveId)
          : Promise.resolve([]),
      ]);
      return {
        nursery: reservation
          ? {
              id: reservation.nursery_id,
              name: personName({
                username: reservation.nursery_username,
                name: reservation.nursery_name,
                deleted_at: reservation.nursery_deleted_at,
              }),
            }
          : null,
        reservationId: reservation?.id ?? null,
        drive,
        donors,
        planter: tree.owner,
      };
    },

    async dashboard(user: SessionUser, currency: string): Promise<NurseryDashboard> {
      if (user.profile_type !== 'nursery') throw forbidden(NURSERY_MESSAGES.nurseryOnly);
      const now = clock.now();
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1));
      const [species, open, totals, activity] = await Promise.all([
        stock.bySpecies(user.id),
        reservations.listForNursery(user.id, OPEN_RESERVATION_STATUSES, OPEN_ON_DASHBOARD, 0),
        reservations.deliveredTotals(user.id),
        reservations.activitySince(user.id, start.toISOString()),
      ]);
      const months = Array.from({ length: MONTHS }, (_, i) => {
        const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1));
        return { month: d.toISOString().slice(0, 7), reserved: 0, delivered: 0 };
      });
      const byMonth = new Map(months.map((m) => [m.month, m]));
      for (const r of activity) {
        const made = byMonth.get(r.created_at.slice(0, 7));
        if (made && r.status !== 'declined' && r.status !== 'cancelled')
          made.reserved += r.quantity;
        const given = r.delivered_at ? byMonth.get(r.delivered_at.slice(0, 7)) : undefined;
        if (given && r.status === 'delivered') given.delivered += r.quantity;
      }
      return {
        currency,
        lowStockAt: NURSERY_LIMITS.lowStock,
        species: species.map((s) => ({
          species: speciesRef(s.species_id),
          quantityAvailable: Number(s.quantity),
          lines: Number(s.lines),
          lowStock: Number(s.quantity) <= NURSERY_LIMITS.lowStock,
        })),
        // Oldest first: the ones waiting longest come first.
        openReservations: (await deps.present(open, user)).reverse(),
        saplingsDelivered: totals.saplings,
        drivesSupplied: totals.drives,
        months,
      };
    },
  };
}
export type ChainOfCustody = ReturnType<typeof chainOfCustody>;
