import { fileUrl } from '../../../contract/files';
import { TREE_PATHS, TREE_MESSAGES } from '../../../contract/trees';
import {
  encodeVerificationCursor,
  isDistanceFlagged,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
  VERIFICATION_REASON_LABELS,
  WAITING_COUNT_MAX,
  type VerificationDecision,
  type VerificationQueueItem,
  type VerificationQueueQuery,
  type VerificationRejectionReason,
} from '../../../contract/tree-verification';
import type { TreeRow } from '../../db/tables';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { messageFile, translator } from '../../lib/i18n';
import type { SessionUser } from '../auth/auth.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { speciesName } from './gift-tree-news';
import type { TreePeople } from './trees-people';
import { publicPlaceOf, roundCoordinate, speciesRef, verificationOf } from './tree-mapper';
import { photoDistance, type PhotoPlace } from './tree-photo-gps';
import { treeVerificationDrives } from './tree-verification-drives.repository';
import {
  treeVerificationRepository,
  type QueueKey,
  type QueueRow,
  type QueueSide,
} from './tree-verification.repository';
import type { TreesStore } from './trees-people';

/** Who verifies what, asked of the modules that own drives, teams and reservations. */
export interface VerifierPorts {
  /** Each drive's name and organiser. */
  driveBriefs(
    ids: string[],
  ): Promise<Map<string, { id: string; name: string; organizerId: string }>>;
  /** Whether these organisers organised any drive. */
  organisesDrives(organiserIds: string[]): Promise<boolean>;
  /** Whether the member is an owner or admin of the organisation (it acts for its drives). */
  managesDrivesOf(userId: string, organisationId: string): Promise<boolean>;
  /** The organisations the member is an owner or admin of. */
  managedOrganisations(userId: string): Promise<string[]>;
  /** The nursery that supplied a reservation, if it exists. */
  reservationNursery(reservationId: string): Promise<string | null>;
  /** The nursery's delivered reservations, except those of drives these organisers organise. */
  suppliedReservationIds(nurseryId: string, exceptOrganisers: string[]): Promise<string[]>;
}

export interface TreeVerificationDeps {
  uow: UnitOfWork;
  repo: (db: Executor) => TreesStore;
  clock: Clock;
  users: TreePeople;
  notifications: Pick<NotificationsService, 'notifyMany'>;
  ports: VerifierPorts;
}

/** How many keys (drives, reservations) one queue read names at once. */
const KEY_CHUNK = 500;

/**
 * What a new photo of the tree (its own or a measurement's) changes: the latest photo's time, its
 * distance from the registered point (the GPS itself is dropped here, never stored), and a
 * rejected tree goes back to the queue (the planter's resubmission).
 */
export function newPhotoPatch(
  tree: Pick<TreeRow, 'lat' | 'lng' | 'verification_status' | 'last_photo_at'>,
  place: PhotoPlace | null,
  at: string,
) {
  return {
    last_photo_at: tree.last_photo_at && tree.last_photo_at > at ? tree.last_photo_at : at,
    photo_distance_m: photoDistance(place, tree),
    ...(tree.verification_status === 'rejected'
      ? {
          verification_status: 'unverified' as const,
          verified_by: null,
          verified_at: null,
          verification_reason: null,
        }
      : {}),
  };
}

const monthsBefore = (now: Date, months: number) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString();
};

/**
 * Issue 21 §2: a tree registered at a drive is verified or rejected by the drive's organiser, its
 * organisation's owners and admins, or the nursery that supplied its saplings; never by its
 * planter. The verifiers' queue is read drive by drive (and reservation by reservation) on the
 * partial indexes of the waiting trees (docs/decisions/tree-verification.md).
 */
export function treeVerification(deps: TreeVerificationDeps) {
  const { uow, clock, ports } = deps;
  const repo = () => deps.repo(uow.db);

  /** Whether the member may decide on the tree (the tree is at a drive). */
  async function mayVerify(user: SessionUser, tree: TreeRow): Promise<boolean> {
    const drive = (await ports.driveBriefs([tree.drive_id!])).get(tree.drive_id!);
    if (drive) {
      if (drive.organizerId === user.id) return true;
      if (await ports.managesDrivesOf(user.id, drive.organizerId)) return true;
    }
    if (tree.reservation_id)
      return (await ports.reservationNursery(tree.reservation_id)) === user.id;
    return false;
  }

  /** The organisers the member acts for: themselves, and the organisations they manage. */
  const actorsOf = async (user: SessionUser) => [
    ...new Set([user.id, ...(await ports.managedOrganisations(user.id))]),
  ];

  /**
   * The queue's sides: the drives the member acts for (read from `tree_verification_drives`, only
   * those with waiting trees), then the reservations they supplied.
   */
  async function sidesOf(user: SessionUser) {
    const actors = await actorsOf(user);
    const [organises, reservations] = await Promise.all([
      ports.organisesDrives(actors),
      ports.suppliedReservationIds(user.id, actors),
    ]);
    return { actors, organises, reservations: [...reservations].sort() };
  }

  async function toItems(rows: QueueRow[]): Promise<VerificationQueueItem[]> {
    const [people, drives] = await Promise.all([
      deps.users.people(rows.map((r) => r.owner_id)),
      ports.driveBriefs([...new Set(rows.flatMap((r) => (r.drive_id ? [r.drive_id] : [])))]),
    ]);
    return rows.map((r) => {
      const person = people.get(r.owner_id);
      const photo = r.measurement_photo_id ?? r.photo_file_id;
      const drive = r.drive_id ? drives.get(r.drive_id) : undefined;
      const distance = r.photo_distance_m === null ? null : Number(r.photo_distance_m);
      return {
        id: r.id,
        photoUrl: photo ? fileUrl(photo) : '',
        location: publicPlaceOf(r),
        lat: r.lat === null ? null : roundCoordinate(r.lat),
        lng: r.lng === null ? null : roundCoordinate(r.lng),
        planter: {
          id: r.owner_id,
          name: !person
            ? 'Former member'
            : person.deletedAt
              ? 'Former member'
              : person.name?.trim() || person.username,
        },
        species: { value: r.species_id, label: speciesRef(r.species_id).label },
        plants: Number(r.tree_count),
        plantedAt: r.planted_at,
        drive: drive ? { id: drive.id, name: drive.name } : null,
        photoDistanceM: distance,
        distanceFlagged: isDistanceFlagged(distance),
        createdAt: r.created_at,
      };
    });
  }

  return {
    /** POST /api/trees/{id}/verification: the decision, its summaries and the planter's notice. */
    async decide(user: SessionUser, id: string, input: VerificationDecision) {
      const tree = await repo().findById(id);
      if (!tree) throw notFound(TREE_MESSAGES.notFound);
      if (!tree.drive_id) throw conflict(VERIFICATION_MESSAGES.notAtDrive);
      if (tree.owner_id === user.id) throw forbidden(VERIFICATION_MESSAGES.ownTree);
      if (!(await mayVerify(user, tree))) throw forbidden(VERIFICATION_MESSAGES.notAllowed);
      if (!tree.last_photo_at) throw conflict(VERIFICATION_MESSAGES.noPhoto);
      const now = clock.now();
      if (tree.last_photo_at < monthsBefore(now, VERIFICATION_LIMITS.photoMaxAgeMonths))
        throw conflict(VERIFICATION_MESSAGES.photoTooOld);
      const rejected = input.decision === 'rejected';
      const reason = rejected ? (input.reason ?? null) : null;
      const at = now.toISOString();
      // The verifier's name for the answer, the planter's language for the notice: one read.
      const people = await deps.users.people([user.id, tree.owner_id]);
      const t = translator(people.get(tree.owner_id)?.locale, 'notices');
      // The reason as the verification screen words it in that language (English as before).
      const reasonWords = (r: VerificationRejectionReason) =>
        t.locale === 'en'
          ? VERIFICATION_REASON_LABELS[r]
          : (messageFile(t.locale, 'verification')[`reason.${r}`] ?? VERIFICATION_REASON_LABELS[r]);
      await uow.withTransaction(async (tx) => {
        // Through the summaries' write: a rejected tree's share leaves every total and map.
        await deps.repo(tx.db).update(id, {
          verification_status: input.decision,
          verified_by: user.id,
          verified_at: at,
          verification_reason: reason,
        });
        const title = tree.nickname ?? speciesName(tree.species_id, t);
        await deps.notifications.notifyMany(
          [tree.owner_id],
          {
            kind: 'tree_verification',
            title: rejected
              ? t('treeVerification.rejectedTitle', { tree: title })
              : t('treeVerification.verifiedTitle', { tree: title }),
            body: rejected
              ? t('treeVerification.rejectedBody', { reason: reasonWords(reason!) })
              : t('treeVerification.verifiedBody'),
            link: TREE_PATHS.tree(id),
          },
          tx,
        );
      });
      const me = people.get(user.id);
      return {
        message: rejected ? VERIFICATION_MESSAGES.rejected : VERIFICATION_MESSAGES.verified,
        data: {
          id,
          verification: verificationOf(
            {
              verification_status: input.decision,
              verified_by: user.id,
              verified_at: at,
              verification_reason: reason,
              photo_distance_m: tree.photo_distance_m,
            },
            me ? me.name?.trim() || me.username : null,
          ),
        },
      };
    },

    /** GET /api/trees/verification-queue: the trees waiting for the caller, keyset paged. */
    async queue(user: SessionUser, query: VerificationQueueQuery) {
      const { actors, organises, reservations } = await sidesOf(user);
      const { limit, cursor } = query;
      const trees = treeVerificationRepository(uow.db);
      const drives = treeVerificationDrives(uow.db);
      const found: Array<{ side: 'd' | 'r'; row: QueueRow }> = [];
      /** Reads the side's waiting trees, a chunk of keys at a time, until the page is full. */
      async function fill(
        side: 'd' | 'r',
        column: QueueSide,
        keysFrom: (from: string | null, inclusive: boolean) => Promise<string[]>,
      ) {
        let after: QueueKey | null = cursor && cursor.side === side ? cursor : null;
        let keys = await keysFrom(after ? after.key : null, true);
        while (keys.length > 0 && found.length <= limit) {
          const page = await trees.waitingAfter(column, keys, after, limit + 1 - found.length);
          for (const row of page) found.push({ side, row });
          if (keys.length < KEY_CHUNK) break;
          keys = await keysFrom(keys.at(-1)!, false);
          after = null;
        }
      }
      // The organiser side first: only the drives that have waiting trees (0061).
      if (!cursor || cursor.side === 'd')
        await fill('d', 'drive_id', async (from, inclusive) =>
          (
            await drives.drivesAfter(
              actors,
              from === null ? null : { key: from, inclusive },
              KEY_CHUNK,
            )
          ).map((d) => d.driveId),
        );
      if (found.length <= limit)
        await fill('r', 'reservation_id', async (from, inclusive) => {
          const at =
            from === null ? 0 : reservations.findIndex((k) => (inclusive ? k >= from : k > from));
          return at < 0 ? [] : reservations.slice(at, at + KEY_CHUNK);
        });
      const rows = found.slice(0, limit).map((f) => f.row);
      const last = found.length > limit ? found[limit - 1] : undefined;
      // How many wait: the drives' kept counts, and the reservations' counted up to a cap. A first
      // page that holds them all has counted them already.
      let waiting = 0;
      if (!cursor && found.length <= limit) waiting = found.length;
      else {
        waiting = await drives.waitingOf(actors);
        for (
          let from = 0;
          from < reservations.length && waiting <= WAITING_COUNT_MAX;
          from += KEY_CHUNK
        )
          waiting += await trees.countWaiting(
            'reservation_id',
            reservations.slice(from, from + KEY_CHUNK),
            WAITING_COUNT_MAX + 1 - waiting,
          );
      }
      return {
        data: await toItems(rows),
        nextCursor: last
          ? encodeVerificationCursor({
              side: last.side,
              key: last.row.key,
              createdAt: last.row.created_at,
              id: last.row.id,
            })
          : null,
        waiting: Math.min(waiting, WAITING_COUNT_MAX),
        waitingMore: waiting > WAITING_COUNT_MAX,
        canVerify: organises || reservations.length > 0,
      };
    },

    /**
     * A measurement's photo, in the writing transaction: the tree's latest photo is now the
     * measurement's (see `newPhotoPatch`).
     */
    async onMeasurementPhoto(tx: Tx, treeId: string, place: PhotoPlace | null): Promise<void> {
      const verification = treeVerificationRepository(tx.db);
      const [state, at] = await Promise.all([
        verification.photoState(treeId),
        verification.latestMeasurementPhotoAt(treeId),
      ]);
      if (!state || !at) return;
      await deps.repo(tx.db).update(treeId, newPhotoPatch(state, place, at));
    },
  };
}
export type TreeVerificationService = ReturnType<typeof treeVerification>;
