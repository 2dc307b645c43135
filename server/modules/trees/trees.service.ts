import { formatLatLng } from '../../../contract/geo';
import {
  encodeTreeListCursor,
  isInFuture,
  TREE_IMAGE_FIELD,
  TREE_MESSAGES,
  type Tree,
  type TreeForm,
  type TreeListCursor,
  type TreeStatus,
  type TreeUpdateForm,
} from '../../../contract/trees';
import type { Updateable } from 'kysely';
import type { TreeRow, TreesTable } from '../../db/tables';
import type { Executor, Tx, UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort, MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Log } from '../../lib/log';
import type { SessionUser } from '../auth/auth.service';
import type { DrivesService } from '../drives/drives.service';
import type { FilesService, PreparedImage } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { GiftAllocations } from './gift-allocations';
import type { GiftTreeNews } from './gift-tree-news';
import { treeCareService } from './tree-care.service';
import { treeExport } from './tree-export';
import { growthOf, SPECIES_INFO } from './tree-impact';
import { treeSummaries } from './tree-impact-history';
import { rowStatus, toTree } from './tree-mapper';
import { treeNotices } from './tree-notices';
import { treeMap, type TreeMapQuery } from './tree-map';
import type { TreesStore } from './trees-people';
import { photoDistance, photoPlace, type PhotoPlace } from './tree-photo-gps';
import { newPhotoPatch } from './tree-verification';

/** A page of My trees: by `cursor` (keyset) or by `page` (position), optionally filtered. */
export interface TreeListQuery {
  page: number;
  limit: number;
  cursor?: TreeListCursor | undefined;
  species?: number | undefined;
  status?: TreeStatus | undefined;
}

/** A form as the service takes it: parsed by the route (tree-form.ts), plus the photo bytes. */
export interface TreeInput<F> {
  form: F;
  image: Buffer | null;
}

export interface TreesServiceDeps {
  uow: UnitOfWork;
  /** The trees repository on an executor, with owners' names (trees-people.ts). */
  repo: (db: Executor) => TreesStore;
  clock: Clock;
  files: FilesService;
  notifications: NotificationsService;
  /** Mail queued in the writing transaction (the weekly digest). */
  mail: MailQueue;
  /** The notice jobs (care notices, deaths). */
  jobs: JobsPort;
  log: Log;
  appUrl: string;
  /** Drive membership and organiser, through the drives service. */
  drives: Pick<DrivesService, 'detail'>;
  /** Donors hear of their trees' deaths and measurements with a photo (gift-tree-news.ts). */
  news?: Pick<GiftTreeNews, 'onGiftTreeEvent'>;
  /** True when a sapling reservation belongs to the drive and was delivered (nursery module). */
  isDeliveredReservation?: (driveId: string, reservationId: string) => Promise<boolean>;
  /** Donors' gifts allocated to registered plants (gift-allocations.ts), in the writing transaction. */
  gifts?: Pick<GiftAllocations, 'onRegistered' | 'onEdited' | 'guardRemoval'>;
  /** A measurement's photo (tree-verification.ts): the latest photo, its distance, a resubmission. */
  onMeasurementPhoto?: (tx: Tx, treeId: string, place: PhotoPlace | null) => Promise<void>;
}

/**
 * Registered trees: registration, the owner's edits, who sees what (coordinates rounded for all
 * but the owner), the map and exports, growth and impact by the one method in contract/impact.ts.
 * Care, health and what is due live in tree-care.service.ts, notices in tree-notices.ts; both are
 * part of this service.
 */
export function treesService(deps: TreesServiceDeps) {
  const { uow, clock, files } = deps;
  const repo = deps.repo(uow.db);
  const nowIso = () => clock.now().toISOString();

  async function present(id: string, callerId: string): Promise<Tree> {
    const row = await repo.findWithOwner(id);
    if (!row) throw notFound(TREE_MESSAGES.notFound);
    return toTree(row, { callerId, now: clock.now() });
  }

  async function requireOwn(user: SessionUser, id: string): Promise<TreeRow> {
    const tree = await repo.findById(id);
    if (!tree) throw notFound(TREE_MESSAGES.notFound);
    if (tree.owner_id !== user.id) throw forbidden(TREE_MESSAGES.ownerOnly);
    return tree;
  }

  /**
   * The shared image pipeline (outside any transaction); its refusals name the form field. The
   * photo's GPS is read first (the pipeline strips it) and only travels to the distance.
   */
  async function prepareImage(
    image: Buffer,
    field: string,
  ): Promise<PreparedImage & { place: PhotoPlace | null }> {
    const place = await photoPlace(image);
    try {
      return { ...(await files.prepareImage(image)), place };
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        throw new AppError(error.status, error.code, error.message, { field });
      throw error;
    }
  }

  /** Only a drive the member joined or organised. */
  async function checkDrive(user: SessionUser, driveId: string): Promise<void> {
    const drive = await deps.drives.detail(user.id, driveId).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    if (!drive || !(drive.joined || drive.isOrganizer))
      throw fieldError('driveId', TREE_MESSAGES.driveNotYours);
  }

  /** Only the member's own dead tree that nothing replaced yet (read again inside the write). */
  async function checkReplaces(user: SessionUser, id: string, on = repo): Promise<void> {
    const dead = await on.findById(id);
    if (
      !dead ||
      dead.owner_id !== user.id ||
      dead.status !== 'dead' ||
      (await on.replacementOf(id))
    )
      throw fieldError('replacesTreeId', TREE_MESSAGES.replacesInvalid);
  }

  function checkPlanted(plantedAt: string): void {
    if (isInFuture(plantedAt, clock.now()))
      throw fieldError('plantedAt', TREE_MESSAGES.plantedInFuture);
  }

  const notices = treeNotices({
    uow,
    repo: deps.repo,
    clock,
    notifications: deps.notifications,
    mail: deps.mail,
    jobs: deps.jobs,
    log: deps.log,
    appUrl: deps.appUrl,
    drives: deps.drives,
    ...(deps.news ? { news: deps.news } : {}),
    care: { tasksFor: (...a) => care.tasksFor(...a), careDue: (...a) => care.careDue(...a) },
  });
  const care = treeCareService({
    uow,
    repo: deps.repo,
    clock,
    files,
    requireOwn,
    present,
    prepareImage,
    onDeath: (tree, tx) => notices.onDeath(tree, tx),
    onMeasuredWithPhoto: async (treeId, tx, photo) => {
      await deps.onMeasurementPhoto?.(tx, treeId, photo?.place ?? null);
      await deps.news?.onGiftTreeEvent(tx, treeId, 'measured');
    },
    onNeedsCare: (tree, tx) => notices.onNeedsCare(tree, tx),
  });

  return {
    /** The tree if the caller owns it: 404 when unknown, 403 for anyone else. */
    requireOwn,

    async register(user: SessionUser, input: TreeInput<TreeForm>): Promise<Tree> {
      const { form } = input;
      checkPlanted(form.plantedAt);
      if (form.driveId) await checkDrive(user, form.driveId);
      if (form.replacesTreeId) await checkReplaces(user, form.replacesTreeId);
      if (
        form.reservationId &&
        !(form.driveId && (await deps.isDeliveredReservation?.(form.driveId, form.reservationId)))
      )
        throw fieldError('reservationId', TREE_MESSAGES.reservationInvalid);
      const image = input.image ? await prepareImage(input.image, TREE_IMAGE_FIELD) : null;
      const id = newId();
      try {
        await uow.withTransaction(async (tx) => {
          const trees = deps.repo(tx.db);
          if (form.replacesTreeId) await checkReplaces(user, form.replacesTreeId, trees);
          const stored = image ? await files.saveImage(tx, user.id, image) : null;
          await trees.insert({
            id,
            owner_id: user.id,
            drive_id: form.driveId,
            replaces_tree_id: form.replacesTreeId,
            reservation_id: form.reservationId ?? null,
            species_id: form.treesType,
            tree_count: form.treeCount,
            alive_count: form.treeCount,
            size: form.treeSize,
            planted_at: form.plantedAt,
            lat: form.treeLat,
            lng: form.treeLong,
            location_text: form.treeLocation ?? formatLatLng(form.treeLat, form.treeLong),
            nickname: form.treeName,
            photo_file_id: stored?.id ?? null,
            status: 'alive',
            created_at: nowIso(),
            // Issue 21 §2: the photo's distance from the point (its GPS is not kept).
            ...(image
              ? {
                  last_photo_at: nowIso(),
                  photo_distance_m: photoDistance(image.place, {
                    lat: form.treeLat,
                    lng: form.treeLong,
                  }),
                }
              : {}),
          });
          await deps.gifts?.onRegistered(tx, {
            id,
            tree_count: form.treeCount,
            replaces_tree_id: form.replacesTreeId ?? null,
          });
        });
      } catch (error) {
        // Two registrations racing to replace one dead tree: the unique index lets one win.
        if (form.replacesTreeId && (await repo.replacementOf(form.replacesTreeId)))
          throw fieldError('replacesTreeId', TREE_MESSAGES.replacesInvalid);
        throw error;
      }
      return present(id, user.id);
    },

    /** Any signed-in member may look; only the owner sees exact coordinates. */
    get: (callerId: string, id: string) => present(id, callerId),

    /** Plants registered from these sapling reservations, and how many are alive today. */
    reservationTreeCounts: (reservationIds: string[]) => repo.reservationCounts(reservationIds),

    /**
     * A page of the member's trees (of one species and status when given), newest registration
     * first: after `cursor` by keyset (My trees' "Load more", the same cost however deep), else
     * page N by position (API clients). `nextCursor` is exact: one tree more than the page is read.
     */
    async mine(userId: string, query: TreeListQuery) {
      const { limit, cursor } = query;
      const page = cursor ? cursor.page : query.page;
      const filter = {
        species: query.species,
        status: query.status ? rowStatus(query.status) : undefined,
      };
      const [rows, total] = await Promise.all([
        cursor
          ? repo.ownerTreesAfter(userId, cursor, limit + 1, filter)
          : repo.listByOwner(userId, limit + 1, (page - 1) * limit, filter),
        repo.countByOwner(userId, filter),
      ]);
      const now = clock.now();
      const data = rows.slice(0, limit).map((r) => toTree(r, { callerId: userId, now }));
      const last = data.at(-1);
      const nextCursor =
        rows.length > limit && last
          ? encodeTreeListCursor({
              page: page + 1,
              species: query.species ?? null,
              status: query.status ?? null,
              createdAt: last.createdAt,
              id: last.id,
            })
          : null;
      return { data, page, limit, total, nextCursor };
    },

    async update(user: SessionUser, id: string, input: TreeInput<TreeUpdateForm>): Promise<Tree> {
      const tree = await requireOwn(user, id);
      const { form } = input;
      const patch: Updateable<TreesTable> = {};
      if (form.plantedAt !== undefined) {
        checkPlanted(form.plantedAt);
        const first = await repo.firstMeasuredAt(id);
        if (first && first.slice(0, 10) < form.plantedAt.slice(0, 10))
          throw fieldError('plantedAt', TREE_MESSAGES.plantedAfterMeasurement);
        patch.planted_at = form.plantedAt;
      }
      if (form.driveId !== undefined && form.driveId !== tree.drive_id) {
        if (form.driveId) await checkDrive(user, form.driveId);
        patch.drive_id = form.driveId;
      }
      if (form.treeCount !== undefined) {
        const all = tree.alive_count === tree.tree_count;
        patch.tree_count = form.treeCount;
        if (tree.status !== 'dead')
          patch.alive_count = all ? form.treeCount : Math.min(tree.alive_count, form.treeCount);
      }
      if (form.treesType !== undefined) patch.species_id = form.treesType;
      if (form.treeSize !== undefined) patch.size = form.treeSize;
      if (form.treeLat !== undefined) patch.lat = form.treeLat;
      if (form.treeLong !== undefined) patch.lng = form.treeLong;
      // Moved: the place others see is named again around the new point (issue 25).
      if (
        (patch.lat !== undefined && patch.lat !== tree.lat) ||
        (patch.lng !== undefined && patch.lng !== tree.lng)
      )
        patch.public_place = null;
      if (form.treeName !== undefined) patch.nickname = form.treeName;
      if (form.treeLocation !== undefined)
        patch.location_text =
          form.treeLocation ??
          formatLatLng(form.treeLat ?? tree.lat ?? 0, form.treeLong ?? tree.lng ?? 0);
      const image = input.image ? await prepareImage(input.image, TREE_IMAGE_FIELD) : null;
      await uow.withTransaction(async (tx) => {
        const trees = deps.repo(tx.db);
        const current = (await trees.findById(id)) ?? tree;
        if (image) {
          const stored = await files.saveImage(tx, user.id, image);
          patch.photo_file_id = stored.id;
          // A new photo: its distance, and a rejected tree goes back to its verifiers (issue 21).
          Object.assign(
            patch,
            newPhotoPatch(
              { ...current, lat: patch.lat ?? current.lat, lng: patch.lng ?? current.lng },
              image.place,
              nowIso(),
            ),
          );
          if (stored.id !== current.photo_file_id)
            tx.afterCommit(() => files.discardIfUnused(current.photo_file_id));
        }
        if (Object.keys(patch).length > 0) await trees.update(id, patch);
        // Fewer plants than its gifts hold, or another drive: the allocations follow (same tx).
        if (patch.tree_count !== undefined || patch.drive_id !== undefined)
          await deps.gifts?.onEdited(tx, current);
      });
      return present(id, user.id);
    },

    async remove(user: SessionUser, id: string): Promise<void> {
      await requireOwn(user, id);
      await uow.withTransaction(async (tx) => {
        await deps.gifts?.guardRemoval(tx, id);
        const photos = await deps.repo(tx.db).remove(id);
        for (const photo of photos) tx.afterCommit(() => files.discardIfUnused(photo));
      });
    },

    /** The trees map for a box: clusters below a street zoom, trees above (tree-map.ts). */
    map(query: TreeMapQuery) {
      return treeMap(uow.db, query);
    },

    /** The caller's trees (at most TREE_EXPORT_MAX, newest first) streamed as CSV or GeoJSON. */
    exportFile(userId: string, format: 'csv' | 'geojson') {
      const now = clock.now();
      return treeExport(
        async (after, limit) =>
          (await repo.ownerTreesAfter(userId, after, limit)).map((r) =>
            toTree(r, { callerId: userId, now }),
          ),
        format,
        now,
      );
    },

    species: () => SPECIES_INFO,

    async growth(id: string) {
      const tree = await repo.findById(id);
      if (!tree) throw notFound(TREE_MESSAGES.notFound);
      return growthOf(tree, await repo.measurementsOf(id), clock.now());
    },

    /** Dashboards and community charts: counts and impact over time (tree-impact-history.ts). */
    ...treeSummaries(repo),

    /** Figure: whether the member registered any tree (the getting-started checklist). */
    hasTrees: (userId: string): Promise<boolean> => repo.hasAnyByOwner(userId),

    /** Figure: the member's tree records, as their profile counts them. */
    memberFigures: async (userId: string): Promise<{ treesRegistered: number }> => ({
      treesRegistered: await repo.countByOwner(userId),
    }),

    /** Trees stay (shared impact; the owner row is anonymised); digest opt-ins and the record of care notices go. */
    async onAccountDeleted(userId: string, tx: Tx): Promise<void> {
      await deps.repo(tx.db).deletePersonal(userId);
    },

    addMeasurement: care.addMeasurement,
    logCare: care.logCare,
    careLog: care.careLog,
    reportHealth: care.reportHealth,
    careDue: (userId: string, now?: Date) => care.careDue(userId, now),
    /** The care list (My trees, the tree page, the dashboard): a page of due tasks and totals. */
    careList: care.careList,
    careDuePage: care.careDuePage,
    careTotals: care.careTotals,
    replanting: care.replanting,
    replantingCount: care.replantingCount,
    replantingPage: care.replantingPage,
    careSettings: care.settings,
    saveCareSettings: care.saveSettings,
    /**
     * The daily schedule (tree-notices.ts): enqueues a care notice job per member with newly due
     * tasks, and queues the weekly digests.
     */
    sendCareReminders: notices.sendCareReminders,
    /** The jobs the manifest runs: one member's care notice, one death's notice. */
    sendCareNotice: notices.sendCareNotice,
    sendDeathNotice: notices.sendDeathNotice,
    sendNeedsCareNotice: notices.sendNeedsCareNotice,
    /** The daily prune: the record of care notices older than 400 days, closed care rules. */
    prune: async (now: Date, signal?: AbortSignal) =>
      (await notices.prune(now, signal)) + (await care.pruneClosedCare(now, signal)),
  };
}
export type TreesService = ReturnType<typeof treesService>;
