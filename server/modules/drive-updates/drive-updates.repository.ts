import type { Insertable, Kysely } from 'kysely';
import { listSlots, preparedQuery, slot } from '../../db/prepared-query';
import type {
  Database,
  DriveUpdatePhotosTable,
  DriveUpdatesTable,
  Timestamp,
} from '../../db/tables';

/** A position in a newest-first list: updates strictly older than this one. */
export interface UpdateCursor {
  createdAt: Timestamp;
  /** Breaks ties between updates of the same instant; without it, the instant itself is excluded. */
  id?: string | undefined;
}

/** All SQL of field updates: `drive_updates` and `drive_update_photos`, nothing else. */
/** Updates of these drives, newest first, older than `before`. */
function newestFirst(
  db: Kysely<Database>,
  driveIds: readonly string[],
  before: UpdateCursor | undefined,
) {
  let query = db.selectFrom('drive_updates').selectAll().where('drive_id', 'in', driveIds);
  if (before) {
    const { createdAt, id } = before;
    query = query.where((eb) =>
      id === undefined
        ? eb('created_at', '<', createdAt)
        : eb.or([
            eb('created_at', '<', createdAt),
            eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
          ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/** `page` with each update's photos (see `pageWithPhotos`). */
const withPhotos = (
  db: Kysely<Database>,
  driveIds: readonly string[],
  before: UpdateCursor | undefined,
  limit: number,
) =>
  db
    .selectFrom(newestFirst(db, driveIds, before).limit(limit).as('u'))
    .leftJoin('drive_update_photos as p', 'p.update_id', 'u.id')
    .selectAll('u')
    .select('p.file_id as photo_file_id')
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .orderBy('p.position');

/**
 * `withPhotos` prepared per shape (issue 20, per-request CPU): `{drives}:{first|at|after}`, the
 * number of drives and the kind of cursor.
 */
const withPhotosQuery = preparedQuery((db: Kysely<Database>, shape: string) => {
  const [count, kind] = shape.split(':');
  const drives = Array.from({ length: Number(count) }, (_, i) => slot(`drive${i}`));
  const cursor =
    kind === 'first'
      ? undefined
      : { createdAt: slot('createdAt'), id: kind === 'after' ? slot('id') : undefined };
  return withPhotos(db, drives, cursor, slot<number>('limit'));
});

export function driveUpdatesRepository(db: Kysely<Database>) {
  return {
    insert: (row: Insertable<DriveUpdatesTable>) =>
      db.insertInto('drive_updates').values(row).execute(),

    insertPhotos: async (rows: ReadonlyArray<Insertable<DriveUpdatePhotosTable>>) => {
      if (rows.length > 0)
        await db
          .insertInto('drive_update_photos')
          .values([...rows])
          .execute();
    },

    findById: (id: string) =>
      db.selectFrom('drive_updates').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A page of the drives' updates, newest first (one drive: the drive page; several: a timeline). */
    page: (driveIds: readonly string[], before: UpdateCursor | undefined, limit: number) =>
      driveIds.length === 0
        ? Promise.resolve([])
        : newestFirst(db, driveIds, before).limit(limit).execute(),

    /**
     * `page` with each update's photos (file ids in posted order), in one statement: a forest
     * view or drive page pays each statement's building and round trip (issue 20).
     */
    async pageWithPhotos(
      driveIds: readonly string[],
      before: UpdateCursor | undefined,
      limit: number,
    ): Promise<Array<DriveUpdatesTable & { photoFileIds: string[] }>> {
      if (driveIds.length === 0) return [];
      // A timeline's drives (at most 50) are prepared per count and cursor kind (issue 20).
      const rows =
        driveIds.length > 100
          ? await withPhotos(db, driveIds, before, limit).execute()
          : await withPhotosQuery(
              db,
              `${driveIds.length}:${before ? (before.id === undefined ? 'at' : 'after') : 'first'}`,
              {
                ...listSlots('drive', driveIds).values,
                limit,
                ...(before && { createdAt: before.createdAt, id: before.id }),
              },
            );
      const updates: Array<DriveUpdatesTable & { photoFileIds: string[] }> = [];
      for (const { photo_file_id: photo, ...row } of rows) {
        const last = updates.at(-1);
        const update = last?.id === row.id ? last : { ...row, photoFileIds: [] };
        if (update !== last) updates.push(update);
        if (photo !== null) update.photoFileIds.push(photo);
      }
      return updates;
    },

    /** The photos of these updates, in posted order. */
    photosOf: (updateIds: readonly string[]) =>
      updateIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('drive_update_photos')
            .selectAll()
            .where('update_id', 'in', updateIds)
            .orderBy('update_id')
            .orderBy('position')
            .execute(),

    /** Claims the update's notices: true for the one caller that set `notices_sent_at`. */
    async claimNotices(id: string, at: Timestamp): Promise<boolean> {
      const result = await db
        .updateTable('drive_updates')
        .set({ notices_sent_at: at })
        .where('id', '=', id)
        .where('notices_sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The files shown by a person's updates, or by a drive's (before they go). */
    photoFilesBy: async (column: 'author_id' | 'drive_id', value: string) =>
      (
        await db
          .selectFrom('drive_update_photos')
          .innerJoin('drive_updates', 'drive_updates.id', 'drive_update_photos.update_id')
          .select('drive_update_photos.file_id')
          .where(`drive_updates.${column}`, '=', value)
          .execute()
      ).map((r) => r.file_id),

    /** A person's updates go (their photos' rows by cascade). */
    removeBy: (authorId: string) =>
      db.deleteFrom('drive_updates').where('author_id', '=', authorId).execute(),
  };
}
export type DriveUpdatesRepository = ReturnType<typeof driveUpdatesRepository>;
