import type { ReservationStatus } from '../../../contract/nursery';
import type { Executor } from '../../db/unit-of-work';
import type { DrivesService } from '../drives/drives.service';
import type { Person, UsersService } from '../users/users.service';
import {
  reservationsRepository,
  type ReservationDetail,
  type ReservationRecord,
} from './reservations.repository';
import {
  stockRepository,
  type StockFilter,
  type StockRecord,
  type StockWithNursery,
} from './stock.repository';

/** What the nursery asks of the modules owning people and drives, in the caller's transaction. */
export interface NurseryLookups {
  users: Pick<UsersService, 'people' | 'joinPeople'>;
  drives: Pick<DrivesService, 'briefs'>;
}

const nurseryNames = (p: Person) => ({
  nursery_username: p.username,
  nursery_name: p.name,
  nursery_deleted_at: p.deletedAt,
});

/**
 * The stock repository on an executor, with each line's nursery names from the users module (one
 * batch per page); a line whose nursery is unknown is left out, as the join did.
 */
export function stockStore(lookups: Pick<NurseryLookups, 'users'>) {
  return (db: Executor) => {
    const repo = stockRepository(db);
    const withNurseries = (rows: StockRecord[]): Promise<StockWithNursery[]> =>
      lookups.users.joinPeople(
        rows,
        (r) => r.nursery_id,
        (row, p) => ({ ...row, ...nurseryNames(p) }),
        { db },
      );
    return {
      ...repo,
      findById: async (id: string): Promise<StockWithNursery | undefined> => {
        const row = await repo.findRecord(id);
        return row && (await withNurseries([row]))[0];
      },
      /** The nursery's own listed stock, newest first (sold-out lines included). */
      listOwn: async (nurseryId: string, limit: number, offset: number) =>
        withNurseries(await repo.listOwnRecords(nurseryId, limit, offset)),
      /** Findable stock, newest first, one page. */
      listFindable: async (filter: StockFilter, limit: number, offset: number) =>
        withNurseries(await repo.listFindableRecords(filter, limit, offset)),
      /** Lines with their nurseries' names (one batch): a page the search picked. */
      named: (rows: StockRecord[]) => withNurseries(rows),
    };
  };
}
export type StockStore = ReturnType<ReturnType<typeof stockStore>>;

/**
 * The reservations repository on an executor, with each reservation's drive (drives.briefs) and
 * nursery and organiser names (users.people): one batch each per page, never one per row. A
 * reservation whose drive or people are unknown is left out, as the joins did.
 */
export function reservationsStore(lookups: NurseryLookups) {
  return (db: Executor) => {
    const repo = reservationsRepository(db);
    const on = { db };
    const detailed = async (rows: ReservationRecord[]): Promise<ReservationDetail[]> => {
      if (rows.length === 0) return [];
      const [drives, people] = await Promise.all([
        lookups.drives.briefs(
          rows.map((r) => r.drive_id),
          on,
        ),
        lookups.users.people(
          rows.flatMap((r) => [r.nursery_id, r.organiser_id]),
          on,
        ),
      ]);
      return rows.flatMap((row) => {
        const drive = drives.get(row.drive_id);
        const nursery = people.get(row.nursery_id);
        const organiser = people.get(row.organiser_id);
        if (!drive || !nursery || !organiser) return [];
        return [
          {
            ...row,
            drive_name: drive.name,
            drive_starts_at: drive.startsAt,
            drive_organizer_id: drive.organizerId,
            ...nurseryNames(nursery),
            nursery_locale: nursery.locale,
            organiser_username: organiser.username,
            organiser_name: organiser.name,
            organiser_deleted_at: organiser.deletedAt,
            organiser_locale: organiser.locale,
          },
        ];
      });
    };
    return {
      ...repo,
      findById: async (id: string): Promise<ReservationDetail | undefined> => {
        const row = await repo.findRecord(id);
        return row && (await detailed([row]))[0];
      },
      listForDrive: async (driveId: string, limit: number, offset: number) =>
        detailed(await repo.listRecordsForDrive(driveId, limit, offset)),
      listForNursery: async (
        nurseryId: string,
        statuses: readonly ReservationStatus[] | undefined,
        limit: number,
        offset: number,
      ) => detailed(await repo.listRecordsForNursery(nurseryId, statuses, limit, offset)),
      /** Open reservations a person is part of, as nursery or as organiser (account deletion). */
      openInvolving: async (userId: string, statuses: readonly ReservationStatus[]) =>
        detailed(await repo.openRecordsInvolving(userId, statuses)),
      /** The drive's reservations (ids and nurseries) in these states, oldest first. */
      async driveReservations(driveId: string, statuses: readonly ReservationStatus[]) {
        return lookups.users.joinPeople(
          await repo.driveReservationRecords(driveId, statuses),
          (r) => r.nursery_id,
          (row, p) => ({ ...row, ...nurseryNames(p) }),
          on,
        );
      },
    };
  };
}
export type ReservationsStore = ReturnType<ReturnType<typeof reservationsStore>>;
