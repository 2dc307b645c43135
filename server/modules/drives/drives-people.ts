import type { Executor } from '../../db/unit-of-work';
import type { UsersService } from '../users/users.service';
import type { DriveFilter, DriveRecord, DriveWithOrganizer } from './drive-queries';
import { drivesRepository } from './drives.repository';

/** What drives asks the users module: the people its rows name, in the caller's transaction. */
export type DrivePeople = Pick<UsersService, 'people' | 'joinPeople' | 'activeCorporates'>;

/**
 * The drives repository on an executor, with organisers', participants' and land donors' names
 * read from the users module (one batch per page) where the rows used to join `users`.
 */
export function drivesStore(users: DrivePeople) {
  return (db: Executor) => {
    const repo = drivesRepository(db);
    const on = { db };

    /** Drives with their organiser's summary; one whose organiser is unknown is left out (as a join did). */
    const withOrganizers = (rows: DriveRecord[]): Promise<DriveWithOrganizer[]> =>
      users.joinPeople(
        rows,
        (r) => r.organizer_id,
        (row, o) => ({
          ...row,
          organizer_username: o.username,
          organizer_name: o.name,
          organizer_avatar: o.avatarFileId,
        }),
        on,
      );

    return {
      ...repo,

      findWithOrganizer: async (id: string): Promise<DriveWithOrganizer | undefined> => {
        const row = await repo.findRecord(id);
        return row && (await withOrganizers([row]))[0];
      },

      /**
       * The Plantations page: the page query, then its organisers in one read. `records` are the
       * rows as read (a drive whose organiser is unknown is left out of `drives` only), so the
       * caller can tell a full page and take its last drive as the next page's cursor.
       */
      page: async (filter: DriveFilter, limit: number, offset: number) => {
        const records = await repo.pageRecords(filter, limit, offset);
        return { records, drives: await withOrganizers(records) };
      },

      organisedBy: async (userId: string, filter: DriveFilter, limit: number) =>
        withOrganizers(await repo.organisedRecords(userId, filter, limit)),

      joinedBy: async (userId: string, filter: DriveFilter, limit: number) =>
        withOrganizers(await repo.joinedRecords(userId, filter, limit)),

      /** Who joined the drive, in joining order, with their public names. */
      async participants(driveId: string) {
        const records = await repo.participantRecords(driveId);
        const people = await users.people(
          records.map((r) => r.user_id),
          on,
        );
        return records.flatMap(({ user_id: id }) => {
          const p = people.get(id);
          return p
            ? [{ id, username: p.username, name: p.name, avatar_file_id: p.avatarFileId }]
            : [];
        });
      },

      /** Corporate members who may be named as land donors: verified and not deleted. */
      activeCorporates: (ids?: readonly string[]) => users.activeCorporates(ids, on),

      /** Names of the given accounts that still exist (deleted accounts are left out). */
      async namesOf(ids: readonly string[]) {
        const people = await users.people(ids, on);
        return ids.flatMap((id) => {
          const p = people.get(id);
          return p && !p.deletedAt ? [{ id, username: p.username, name: p.name }] : [];
        });
      },
    };
  };
}
export type DrivesStore = ReturnType<ReturnType<typeof drivesStore>>;
