import {
  NURSERY_MESSAGES,
  NURSERY_PATHS,
  OPEN_RESERVATION_STATUSES,
  PRICING_RESERVATION_STATUSES,
  type CreateReservationRequest,
  type DriveSaplingPricing,
  type Reservation,
  type ReservationAction,
  type ReservationListQuery,
  type ReservationStatus,
} from '../../../contract/nursery';
import type { DriveRow } from '../../db/tables';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { localSpeciesName, translator, type Translator } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { SessionUser } from '../auth/auth.service';
import type { NewNotice, NotificationsService } from '../notifications/notifications.service';
import {
  personName,
  reservationActions,
  speciesRef,
  toReservation,
  type ReservationRights,
} from './nursery-mapper';
import type { ReservationsStore, StockStore } from './nursery-people';
import type { ReservationDetail } from './reservations.repository';

export interface ReservationsServiceDeps {
  uow: UnitOfWork;
  stockRepo: (db: Executor) => StockStore;
  reservationsRepo: (db: Executor) => ReservationsStore;
  clock: Clock;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Donations allocated to a reservation (donations module): donors paid for its saplings. */
  links: {
    hasDonations: (reservationId: string, executor?: Executor) => Promise<boolean>;
    /** The drives' rule: the user acts for the organiser (is them, or a team owner/admin). */
    actsForOrganiser: (user: SessionUser, organiserId: string) => Promise<boolean>;
  };
}

const driveLink = (id: string) => `/app/delive-detail/${id}`;

/** Where each step goes, and who may take it (checked against `reservationActions`). */
const STEPS: Record<
  ReservationAction,
  { to: ReservationStatus; from: readonly ReservationStatus[]; returns: boolean; message: string }
> = {
  confirm: {
    to: 'confirmed',
    from: ['requested'],
    returns: false,
    message: NURSERY_MESSAGES.confirmed,
  },
  decline: {
    to: 'declined',
    from: ['requested'],
    returns: true,
    message: NURSERY_MESSAGES.declined,
  },
  deliver: {
    to: 'delivered',
    from: ['confirmed'],
    returns: false,
    message: NURSERY_MESSAGES.delivered,
  },
  cancel: {
    to: 'cancelled',
    from: OPEN_RESERVATION_STATUSES,
    returns: true,
    message: NURSERY_MESSAGES.cancelled,
  },
};

type Words = Translator<'notices'>;
type Party = { username: string; name: string | null; deleted_at: string | null };

/** "1,000 Neem saplings" in the reader's words. */
const saplings = (r: Pick<ReservationDetail, 'quantity' | 'species_id'>, t: Words) =>
  t('reservation.saplings', {
    count: r.quantity,
    species: localSpeciesName(r.species_id, t.locale, speciesRef(r.species_id).label),
  });

/** A party as the reader's notice names them (a closed account in the reader's words). */
const named = (p: Party, t: Words) =>
  p.deleted_at ? t('reservation.formerMember') : personName(p);

/**
 * The notice the other party gets when `actor` takes a step, in the recipient's language;
 * `closed`: the cancel came from the other party closing their account.
 */
function noticeFor(
  row: ReservationDetail,
  step: ReservationAction | 'request',
  recipientId: string,
  closed = false,
): NewNotice {
  const toNursery = recipientId === row.nursery_id;
  const t = translator(toNursery ? row.nursery_locale : row.organiser_locale, 'notices');
  const organiser = named(
    {
      username: row.organiser_username,
      name: row.organiser_name,
      deleted_at: row.organiser_deleted_at,
    },
    t,
  );
  const nursery = named(
    { username: row.nursery_username, name: row.nursery_name, deleted_at: row.nursery_deleted_at },
    t,
  );
  const values = { organiser, nursery, saplings: saplings(row, t), drive: row.drive_name };
  const base = { kind: 'sapling_reservation' as const };
  switch (step) {
    case 'request':
      return {
        ...base,
        title: t('reservation.requestedTitle'),
        body: t('reservation.requestedBody', values),
        link: NURSERY_PATHS.dashboard,
      };
    case 'confirm':
    case 'decline':
    case 'deliver': {
      const to = STEPS[step].to as 'confirmed' | 'declined' | 'delivered';
      return {
        ...base,
        title: t(`reservation.${to}Title`),
        body: t(`reservation.${to}Body`, values),
        link: driveLink(row.drive_id),
      };
    }
    case 'cancel':
      return {
        ...base,
        title: t('reservation.cancelledTitle'),
        body: t(closed ? 'reservation.cancelledBodyClosed' : 'reservation.cancelledBody', values),
        // Each party's own page: the nursery's dashboard, or the organiser's drive.
        link: toNursery ? NURSERY_PATHS.dashboard : driveLink(row.drive_id),
      };
  }
}

export function reservationsService(deps: ReservationsServiceDeps) {
  const { uow, clock, notifications } = deps;
  const repo = deps.reservationsRepo(uow.db);
  const nowIso = () => clock.now().toISOString();

  /** Why an open reservation cannot be cancelled (null: it can): donors paid for its saplings. */
  async function cancelRefusal(row: ReservationDetail, executor?: Executor) {
    if (!(OPEN_RESERVATION_STATUSES as readonly string[]).includes(row.status)) return null;
    return (await deps.links.hasDonations(row.id, executor))
      ? NURSERY_MESSAGES.reservationHasDonations
      : null;
  }

  /** What `user` may do to `row` (the drive side is the drives' rule, asked once per organiser). */
  async function rightsOf(
    row: ReservationDetail,
    user: SessionUser,
    executor?: Executor,
    drive?: boolean,
  ): Promise<ReservationRights> {
    const actsForDrive = drive ?? (await deps.links.actsForOrganiser(user, row.drive_organizer_id));
    const party = actsForDrive || row.nursery_id === user.id;
    return {
      drive: actsForDrive,
      cancelRefusal: party ? await cancelRefusal(row, executor) : null,
    };
  }

  /** Reservations as `user` sees them, asking the drive rule once per organiser. */
  async function presentAll(rows: ReservationDetail[], user: SessionUser): Promise<Reservation[]> {
    const drive = new Map<string, Promise<boolean>>();
    const actsFor = (organiserId: string) => {
      let known = drive.get(organiserId);
      if (!known) drive.set(organiserId, (known = deps.links.actsForOrganiser(user, organiserId)));
      return known;
    };
    return Promise.all(
      rows.map(async (r) =>
        toReservation(
          r,
          user.id,
          await rightsOf(r, user, undefined, await actsFor(r.drive_organizer_id)),
        ),
      ),
    );
  }

  async function present(id: string, user: SessionUser): Promise<Reservation> {
    const row = await repo.findById(id);
    if (!row) throw notFound(NURSERY_MESSAGES.reservationNotFound);
    return toReservation(row, user.id, await rightsOf(row, user));
  }

  /** Closes an open reservation and puts its saplings back; false if it was no longer open. */
  async function close(tx: Tx, row: ReservationDetail, to: ReservationStatus): Promise<boolean> {
    const at = nowIso();
    const moved = await deps
      .reservationsRepo(tx.db)
      .transition(row.id, OPEN_RESERVATION_STATUSES, { status: to, updated_at: at });
    if (moved) await deps.stockRepo(tx.db).giveBack(row.stock_id, row.quantity, at);
    return moved;
  }

  return {
    /**
     * Whoever acts for the drive's organiser (the drives' rule: the organiser, or an owner or admin
     * of the organising team; the route checks it too) reserves saplings:
     * the stock drops in the same transaction, by one conditional statement, so concurrent
     * requests can never take more than there is.
     */
    async reserve(
      user: SessionUser,
      drive: Pick<DriveRow, 'id' | 'organizer_id' | 'starts_at'>,
      input: CreateReservationRequest,
    ): Promise<Reservation> {
      if (!(await deps.links.actsForOrganiser(user, drive.organizer_id)))
        throw forbidden(NURSERY_MESSAGES.organiserOnly);
      if (Date.parse(drive.starts_at) <= clock.now().getTime())
        throw conflict(NURSERY_MESSAGES.drivePast);
      const id = newId();
      await uow.withTransaction(async (tx) => {
        const stock = deps.stockRepo(tx.db);
        const line = await stock.findById(input.stockId);
        if (!line) throw fieldError('stockId', NURSERY_MESSAGES.stockNotFound);
        const at = nowIso();
        if (!(await stock.take(line.id, input.quantity, at))) {
          const now = await stock.findById(line.id);
          throw conflict(NURSERY_MESSAGES.notEnoughStock(now?.quantity_available ?? 0));
        }
        const reservations = deps.reservationsRepo(tx.db);
        await reservations.insert({
          id,
          drive_id: drive.id,
          stock_id: line.id,
          nursery_id: line.nursery_id,
          organiser_id: user.id,
          quantity: input.quantity,
          unit_price_minor: line.price_minor,
          currency: line.currency,
          status: 'requested',
          created_at: at,
          updated_at: at,
        });
        const row = await reservations.findById(id);
        if (row)
          tx.afterCommit(() =>
            notifications.notify(row.nursery_id, noticeFor(row, 'request', row.nursery_id)),
          );
      });
      return present(id, user);
    },

    /** Confirm, decline, deliver (the nursery) or cancel (the nursery or the drive's side, before delivery). */
    async act(
      user: SessionUser,
      id: string,
      action: ReservationAction,
    ): Promise<{ reservation: Reservation; message: string }> {
      const step = STEPS[action];
      const found = await repo.findById(id);
      if (!found) throw notFound(NURSERY_MESSAGES.reservationNotFound);
      // Asked before the transaction: the teams module reads through its own connection.
      const drive = await deps.links.actsForOrganiser(user, found.drive_organizer_id);
      await uow.withTransaction(async (tx) => {
        const row = await deps.reservationsRepo(tx.db).findById(id);
        if (!row) throw notFound(NURSERY_MESSAGES.reservationNotFound);
        if (row.nursery_id !== user.id && !drive)
          throw forbidden(NURSERY_MESSAGES.reservationNotYours);
        if (!reservationActions(row, user.id, drive).includes(action)) {
          if (step.from.includes(row.status)) throw forbidden(NURSERY_MESSAGES.reservationNotYours);
          throw conflict(NURSERY_MESSAGES.transitionInvalid(row.status));
        }
        // Donors paid this nursery's price for these saplings: they are delivered, not cancelled.
        const refusal = action === 'cancel' ? await cancelRefusal(row, tx.db) : null;
        if (refusal) throw conflict(refusal);
        const at = nowIso();
        const moved = step.returns
          ? await close(tx, row, step.to)
          : await deps.reservationsRepo(tx.db).transition(id, step.from, {
              status: step.to,
              updated_at: at,
              ...(step.to === 'confirmed' ? { confirmed_at: at } : {}),
              ...(step.to === 'delivered' ? { delivered_at: at } : {}),
            });
        // Another request moved it first: answer as if this one had read the newer state.
        if (!moved) throw conflict(NURSERY_MESSAGES.transitionInvalid('no longer open'));
        const other = row.nursery_id === user.id ? row.organiser_id : row.nursery_id;
        tx.afterCommit(() => notifications.notify(other, noticeFor(row, action, other)));
      });
      return { reservation: await present(id, user), message: step.message };
    },

    /** One reservation, for its nursery or whoever acts for its drive's organiser (else 403). */
    async get(user: SessionUser, id: string): Promise<Reservation> {
      const row = await repo.findById(id);
      if (!row) throw notFound(NURSERY_MESSAGES.reservationNotFound);
      const rights = await rightsOf(row, user);
      if (row.nursery_id !== user.id && !rights.drive)
        throw forbidden(NURSERY_MESSAGES.reservationNotYours);
      return toReservation(row, user.id, rights);
    },

    presentAll,

    /** Any member may see a drive's reservations (its chain is public to members). */
    async listForDrive(user: SessionUser, driveId: string, page: number, limit: number) {
      const [rows, total] = await Promise.all([
        repo.listForDrive(driveId, limit, (page - 1) * limit),
        repo.countForDrive(driveId),
      ]);
      return { data: await presentAll(rows, user), page, limit, total };
    },

    async listForNursery(user: SessionUser, query: ReservationListQuery) {
      if (user.profile_type !== 'nursery') throw forbidden(NURSERY_MESSAGES.nurseryOnly);
      const { page, limit } = query;
      const statuses =
        query.status === 'open'
          ? OPEN_RESERVATION_STATUSES
          : query.status
            ? [query.status]
            : undefined;
      const [rows, total] = await Promise.all([
        repo.listForNursery(user.id, statuses, limit, (page - 1) * limit),
        repo.countForNursery(user.id, statuses),
      ]);
      return { data: await presentAll(rows, user), page, limit, total };
    },

    /**
     * What a drive's tree donations cost: the oldest confirmed or delivered reservation's sapling
     * price, and the donations are allocated to it. Null: no nursery supplies the drive yet.
     */
    async drivePricing(driveId: string, executor?: Executor): Promise<DriveSaplingPricing | null> {
      const [first] = await (executor ? deps.reservationsRepo(executor) : repo).driveReservations(
        driveId,
        PRICING_RESERVATION_STATUSES,
      );
      if (!first) return null;
      return {
        reservationId: first.id,
        nurseryId: first.nursery_id,
        nurseryName: personName({
          username: first.nursery_username,
          name: first.nursery_name,
          deleted_at: first.nursery_deleted_at,
        }),
        unitPriceMinor: first.unit_price_minor,
        currency: first.currency,
      };
    },

    /** True when the reservation belongs to the drive and its saplings were delivered. */
    async isDeliveredTo(driveId: string, reservationId: string): Promise<boolean> {
      const row = await repo.findById(reservationId);
      return !!row && row.drive_id === driveId && row.status === 'delivered';
    },

    /** A drives delete guard: open or delivered reservations keep the drive (409). */
    async refuseDriveDeletion(driveId: string, tx: Tx): Promise<string | null> {
      const live = await deps
        .reservationsRepo(tx.db)
        .driveQuantity(driveId, [...OPEN_RESERVATION_STATUSES, 'delivered']);
      return live > 0 ? NURSERY_MESSAGES.driveHasReservations : null;
    },

    /**
     * Account deletion: every open reservation the person is part of is cancelled (saplings back
     * in stock, the other party told); a nursery's stock goes (hidden when reservations name it).
     * Delivered reservations stay: they are the drive's record of where its trees came from.
     */
    async onAccountDeleted(userId: string, tx: Tx): Promise<void> {
      const open = await deps
        .reservationsRepo(tx.db)
        .openInvolving(userId, OPEN_RESERVATION_STATUSES);
      for (const row of open) {
        if (!(await close(tx, row, 'cancelled'))) continue;
        const other = row.nursery_id === userId ? row.organiser_id : row.nursery_id;
        tx.afterCommit(() => notifications.notify(other, noticeFor(row, 'cancel', other, true)));
      }
      const stock = deps.stockRepo(tx.db);
      const reservations = deps.reservationsRepo(tx.db);
      for (const stockId of await stock.ownIds(userId)) {
        if ((await reservations.countForStock(stockId)) > 0)
          await stock.markRemoved(stockId, nowIso());
        else await stock.remove(stockId);
      }
    },
  };
}
export type ReservationsService = ReturnType<typeof reservationsService>;
