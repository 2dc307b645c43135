import {
  DRIVE_UPDATE_LIMITS,
  DRIVE_UPDATE_MESSAGES,
  DRIVE_UPDATE_PHOTO_FIELD,
  driveUpdatesPath,
  type DriveUpdate,
  type DriveUpdateRole,
} from '../../../contract/drive-updates';
import { fileUrl } from '../../../contract/files';
import type { DriveUpdatesTable } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, fieldError, forbidden } from '../../lib/errors';
import { byLocale, translator } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { DrivesService } from '../drives/drives.service';
import type { FilesService, PreparedImage } from '../files/files.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SessionUser } from '../users/current-user';
import type { UsersService } from '../users/users.service';
import type { driveUpdatesRepository, UpdateCursor } from './drive-updates.repository';
import type { UpdateInput } from './update-form';

/** The job that tells a drive's participants and donors about an update (payload `{ updateId }`). */
export const DRIVE_UPDATE_NOTICES_JOB = 'drive-update-notices';

export interface DriveUpdatesDeps {
  uow: UnitOfWork;
  repo: typeof driveUpdatesRepository;
  clock: Clock;
  jobs: JobsPort;
  files: Pick<FilesService, 'prepareImage' | 'saveImage' | 'discardIfUnused'>;
  /** Who acts for the organiser (the rule that edits the drive), the drive's name and participants. */
  drives: Pick<DrivesService, 'requireOwnDrive' | 'brief' | 'detail'>;
  /** Whether a nursery supplies the drive (a confirmed or delivered reservation). */
  suppliedDrive: (nurseryId: string, driveId: string) => Promise<boolean>;
  /** Everyone with a paid gift to the drive. */
  donorIds: (driveId: string) => Promise<string[]>;
  users: Pick<UsersService, 'people' | 'liveIds'>;
  notifications: Pick<NotificationsService, 'notifyMany'>;
}

/** Who may post to a drive, established before the upload is read. */
export interface UpdateAuthor {
  user: SessionUser;
  driveId: string;
  role: DriveUpdateRole;
}

/** The list's cursor is the last update's (createdAt, id), opaque to clients. */
export const encodeCursor = (row: Pick<DriveUpdatesTable, 'created_at' | 'id'>) =>
  Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');

function decodeCursor(cursor: string): UpdateCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      !Number.isNaN(Date.parse(value[0]))
    )
      return { createdAt: value[0], id: value[1] };
  } catch {
    // Not base64url JSON: refused below.
  }
  throw badRequest(DRIVE_UPDATE_MESSAGES.badCursor);
}

const EXCERPT_CHARS = 140;
const excerpt = (text: string) =>
  text.length <= EXCERPT_CHARS ? text : `${text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…`;

/**
 * Field updates on a drive: its organiser, their team's owners and admins, and a nursery that
 * supplied it post a text with up to four photos; members read them on the drive page; a job
 * tells the drive's participants and donors once per update.
 */
export function driveUpdatesService(deps: DriveUpdatesDeps) {
  const { uow, clock, files, drives, users } = deps;
  const repo = deps.repo(uow.db);
  const nowIso = () => clock.now().toISOString();

  /** Why the user may post to the drive, or null; 404 when there is no such drive. */
  async function roleOf(user: SessionUser, driveId: string): Promise<DriveUpdateRole | null> {
    try {
      const drive = await drives.requireOwnDrive(user, driveId);
      return drive.organizer_id === user.id ? 'organiser' : 'team';
    } catch (error) {
      // 404 (no such drive) stands; 403 only says they do not act for the organiser.
      if (!(error instanceof AppError && error.status === 403)) throw error;
    }
    if (user.profile_type === 'nursery' && (await deps.suppliedDrive(user.id, driveId)))
      return 'nursery';
    return null;
  }

  /** Rows as the API shows them: one query for the photos and one for the authors of a page. */
  async function present(rows: ReadonlyArray<DriveUpdatesTable>): Promise<DriveUpdate[]> {
    if (rows.length === 0) return [];
    const photos = await repo.photosOf(rows.map((r) => r.id));
    return shape(
      rows.map((row) => ({
        ...row,
        photoFileIds: photos.filter((p) => p.update_id === row.id).map((p) => p.file_id),
      })),
    );
  }

  /** Rows with their photos as the API shows them: one query for the authors. */
  async function shape(
    rows: ReadonlyArray<DriveUpdatesTable & { photoFileIds: readonly string[] }>,
  ): Promise<DriveUpdate[]> {
    if (rows.length === 0) return [];
    const people = await users.people(rows.map((r) => r.author_id));
    return rows.map((row) => {
      const person = people.get(row.author_id);
      return {
        id: row.id,
        driveId: row.drive_id,
        author: {
          id: row.author_id,
          name: person?.name?.trim() || person?.username || 'A former member',
        },
        role: row.author_role,
        text: row.text,
        photos: row.photoFileIds.map((id) => ({ id, url: fileUrl(id) })),
        createdAt: row.created_at,
      };
    });
  }

  /** A page of the drives' updates, newest first, and the cursor of the next one. */
  async function pageOf(
    driveIds: readonly string[],
    before: UpdateCursor | undefined,
    limit: number,
  ): Promise<{ updates: DriveUpdate[]; nextCursor: string | null }> {
    // The updates and their photos in one statement (issue 20).
    const rows = await repo.pageWithPhotos(driveIds, before, limit + 1);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      updates: await shape(shown),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /** The shared image pipeline (outside any transaction); its refusals name the photos field. */
  async function preparePhoto(bytes: Buffer): Promise<PreparedImage> {
    try {
      return await files.prepareImage(bytes);
    } catch (error) {
      if (error instanceof AppError && error.status < 500)
        throw new AppError(error.status, error.code, error.message, {
          field: DRIVE_UPDATE_PHOTO_FIELD,
        });
      throw error;
    }
  }

  /** Lets the photos go once `tx` commits (a file still shown elsewhere is kept by its reference). */
  function discardAfterCommit(tx: Tx, fileIds: readonly string[]) {
    for (const id of new Set(fileIds)) tx.afterCommit(() => files.discardIfUnused(id));
  }

  return {
    /** The caller may post to the drive (checked before the upload is read): 404 unknown, 403 others. */
    async requireAuthor(user: SessionUser, driveId: string): Promise<UpdateAuthor> {
      const role = await roleOf(user, driveId);
      if (!role) throw forbidden(DRIVE_UPDATE_MESSAGES.notAllowed);
      return { user, driveId, role };
    },

    /** Stores the update and its photos, and queues its notices in the same transaction. */
    async post(author: UpdateAuthor, input: UpdateInput): Promise<DriveUpdate> {
      if (input.photos.length > DRIVE_UPDATE_LIMITS.photosMax)
        throw fieldError(DRIVE_UPDATE_PHOTO_FIELD, DRIVE_UPDATE_MESSAGES.tooManyPhotos);
      const prepared: PreparedImage[] = [];
      for (const bytes of input.photos) prepared.push(await preparePhoto(bytes));
      const id = newId();
      await uow.withTransaction(async (tx) => {
        const updates = deps.repo(tx.db);
        await updates.insert({
          id,
          drive_id: author.driveId,
          author_id: author.user.id,
          author_role: author.role,
          text: input.form.text,
          created_at: nowIso(),
          notices_sent_at: null,
        });
        const stored = [];
        for (const image of prepared) stored.push(await files.saveImage(tx, author.user.id, image));
        await updates.insertPhotos(
          stored.map((file, position) => ({ update_id: id, position, file_id: file.id })),
        );
        await deps.jobs.enqueue(tx, DRIVE_UPDATE_NOTICES_JOB, { updateId: id });
      });
      const row = await repo.findById(id);
      return (await present(row ? [row] : []))[0]!;
    },

    /** A drive's updates for a member, newest first, and whether they may post (404 unknown drive). */
    async list(
      user: SessionUser,
      driveId: string,
      query: { before?: string | undefined; limit: number },
    ) {
      const role = await roleOf(user, driveId);
      const before = query.before === undefined ? undefined : decodeCursor(query.before);
      return { ...(await pageOf([driveId], before, query.limit)), canPost: role !== null };
    },

    /**
     * Read method for the donor's forest timeline: updates of these drives, newest first, older
     * than `before` (a previous page's last update, or just an instant), at most `limit` (≤ 100).
     */
    updatesForDrives(
      driveIds: readonly string[],
      options: { before?: UpdateCursor | undefined; limit: number },
    ): Promise<{ updates: DriveUpdate[]; nextCursor: string | null }> {
      const limit = Math.max(1, Math.min(100, Math.floor(options.limit)));
      return pageOf([...new Set(driveIds)], options.before, limit);
    },

    /**
     * The notices job: one notice to each participant and donor of the drive (not the author),
     * written in the transaction that marks the update told, so a retried or repeated job tells
     * nobody twice. An update or drive gone meanwhile tells nobody.
     */
    async sendNotices(payload: unknown): Promise<number> {
      const updateId =
        typeof payload === 'object' && payload !== null && 'updateId' in payload
          ? String(payload.updateId)
          : null;
      const row = updateId ? await repo.findById(updateId) : undefined;
      if (!row || row.notices_sent_at) return 0;
      const drive = await drives.brief(row.drive_id);
      if (!drive) return 0;
      const [detail, donors] = await Promise.all([
        drives.detail(row.author_id, row.drive_id),
        deps.donorIds(row.drive_id),
      ]);
      const candidates = new Set([...detail.participants.map((p) => p.id), ...donors]);
      candidates.delete(row.author_id);
      // One read: the author's name, and who of the rest is still here and in which language.
      const people = await users.people([row.author_id, ...candidates]);
      const told = [...candidates].filter((id) => {
        const p = people.get(id);
        return p !== undefined && !p.deletedAt;
      });
      const person = people.get(row.author_id);
      const author = person?.name?.trim() || person?.username;
      return uow.withTransaction(async (tx) => {
        if (!(await deps.repo(tx.db).claimNotices(row.id, nowIso()))) return 0;
        for (const [locale, ids] of byLocale(told, (id) => people.get(id)?.locale)) {
          const t = translator(locale, 'notices');
          await deps.notifications.notifyMany(
            ids,
            {
              kind: 'drive_update',
              title: t('driveUpdate.title', { drive: drive.name }),
              body: t('driveUpdate.body', {
                author: author ?? t('driveUpdate.theOrganiser'),
                text: excerpt(row.text),
              }),
              link: driveUpdatesPath(row.drive_id),
            },
            tx,
          );
        }
        return told.length;
      });
    },

    /** Account deletion: the person's updates go; their photos are discarded after commit. */
    async onAccountDeleted(userId: string, tx: Tx): Promise<void> {
      const updates = deps.repo(tx.db);
      const photos = await updates.photoFilesBy('author_id', userId);
      await updates.removeBy(userId);
      discardAfterCommit(tx, photos);
    },

    /**
     * Asked in a drive's deletion transaction (the drive delete guards): never refuses. The
     * updates go with the drive by foreign-key cascade; their photos are offered for discard after
     * commit. Should another guard keep the drive, the discard finds them still shown and keeps them.
     */
    async releaseDrivePhotos(driveId: string, tx: Tx): Promise<null> {
      discardAfterCommit(tx, await deps.repo(tx.db).photoFilesBy('drive_id', driveId));
      return null;
    },
  };
}
export type DriveUpdatesService = ReturnType<typeof driveUpdatesService>;
