import type { DonationStatus } from '../../../contract/donations';
import type { DonationRow } from '../../db/tables';
import type { Executor } from '../../db/unit-of-work';
import type { DrivesService } from '../drives/drives.service';
import type { NurseryService } from '../nursery/nursery.service';
import type { UsersService } from '../users/users.service';
import type { DonationWithDrive } from './donation-mapper';
import { donationSummariesRepository } from './donation-summaries.repository';
import { donationsRepository } from './donations.repository';

/** What donations asks the modules owning people, drives and sapling reservations. */
export interface DonationLookups {
  users: Pick<UsersService, 'people' | 'joinPeople' | 'person'>;
  drives: Pick<DrivesService, 'briefs'>;
  nursery: Pick<NurseryService, 'reservationNurseries'>;
}

/** An organisation's shown name; null when it is gone or none. */
const organisationName = (
  p: { name: string | null; username: string; deletedAt: string | null } | undefined,
) => (p && !p.deletedAt ? p.name?.trim() || p.username : null);

/** Binary order, as `order by` sorts text on both databases (PostgreSQL runs with C collation). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The donations repository on an executor, with the drive, nursery and people each donation names
 * read from their modules: one batch each per page, never one per row.
 */
export function donationsStore(lookups: DonationLookups) {
  return (db: Executor) => {
    const repo = donationsRepository(db);
    const on = { db };

    /** Donations with their drive (null for the general fund) and the nursery growing the trees. */
    async function withDrives<R extends DonationRow>(
      rows: R[],
    ): Promise<Array<R & DonationWithDrive>> {
      if (rows.length === 0) return [];
      const [drives, nurseryOf] = await Promise.all([
        lookups.drives.briefs(
          rows.flatMap((r) => (r.drive_id ? [r.drive_id] : [])),
          on,
        ),
        lookups.nursery.reservationNurseries(
          rows.flatMap((r) => (r.reservation_id ? [r.reservation_id] : [])),
          on,
        ),
      ]);
      const nurseries = await lookups.users.people(
        [
          ...nurseryOf.values(),
          ...rows.flatMap((r) => (r.organisation_id ? [r.organisation_id] : [])),
        ],
        on,
      );
      return rows.map((row) => {
        const drive = row.drive_id ? drives.get(row.drive_id) : undefined;
        const nurseryId = row.reservation_id ? (nurseryOf.get(row.reservation_id) ?? null) : null;
        const nursery = nurseryId ? nurseries.get(nurseryId) : undefined;
        return {
          ...row,
          drive_name: drive?.name ?? null,
          drive_starts_at: drive?.startsAt ?? null,
          nursery_id: nurseryId,
          nursery_username: nursery?.username ?? null,
          nursery_name: nursery?.name ?? null,
          nursery_deleted_at: nursery?.deletedAt ?? null,
          organisation_name: organisationName(
            row.organisation_id ? nurseries.get(row.organisation_id) : undefined,
          ),
        };
      });
    }

    return {
      ...repo,
      withDrives,
      /** The people these ids name (donors, organisations), by id: one query. */
      people: (ids: Iterable<string>) => lookups.users.people(ids, on),

      /**
       * Adds a paid donation to its drive's day in `donation_drive_days` (-1: takes a refunded one
       * off), in this executor's transaction; the drive's organiser is asked for a new row.
       */
      async addToDriveDay(
        donation: Pick<DonationRow, 'drive_id' | 'currency' | 'amount_minor' | 'trees'>,
        paidAt: string | null,
        sign: 1 | -1,
      ): Promise<void> {
        const driveId = donation.drive_id;
        if (!driveId || !paidAt) return;
        await donationSummariesRepository(db).addToDriveDay(
          { ...donation, drive_id: driveId, paid_at: paidAt },
          sign,
          async () => (await lookups.drives.briefs([driveId], on)).get(driveId)?.organizerId,
        );
      },

      /** The donation with its drive, only if this member made it. */
      findOwned: async (id: string, donorId: string) => {
        const row = await repo.findOwnedRecord(id, donorId);
        return row && (await withDrives([row]))[0];
      },

      listForDonor: async (
        donorId: string,
        status: DonationStatus | undefined,
        limit: number,
        offset: number,
      ) => withDrives(await repo.listRecordsForDonor(donorId, status, limit, offset)),

      /** An export batch: the donor's donations after `after`, newest first, with their drives. */
      donorDonationsAfter: async (
        donorId: string,
        after: { createdAt: string; id: string } | null,
        limit: number,
      ) => withDrives(await repo.donorRecordsAfter(donorId, after, limit)),

      /** A page of the donor's donations with their drives and gift summaries. */
      listWithGiftsForDonor: async (
        donorId: string,
        status: DonationStatus | undefined,
        limit: number,
        offset: number,
      ) => withDrives(await repo.listRecordsWithGiftsForDonor(donorId, status, limit, offset)),

      /** The member's paid tree donations, most recently paid first. */
      paidTreesForDonor: async (donorId: string, limit: number, offset: number) =>
        withDrives(await repo.paidTreeRecordsForDonor(donorId, limit, offset)),

      /** Who gave, and to whose drive: what the notices after a payment need. */
      async paymentParties(donationId: string) {
        const donation = await repo.findById(donationId);
        if (!donation) return undefined;
        const [donor, drives, organisation] = await Promise.all([
          lookups.users.person(donation.donor_id, on),
          lookups.drives.briefs(donation.drive_id ? [donation.drive_id] : [], on),
          donation.organisation_id
            ? lookups.users.person(donation.organisation_id, on)
            : Promise.resolve(undefined),
        ]);
        if (!donor) return undefined;
        const drive = donation.drive_id ? drives.get(donation.drive_id) : undefined;
        // The organiser's language for their "received a donation" notice (issue 26).
        const organiser = drive?.organizerId
          ? await lookups.users.person(drive.organizerId, on)
          : undefined;
        return {
          /** Issue 22: the organisation a gift goes to (null when gone or none). */
          organisation_name: organisationName(organisation),
          donor_email: donor.email,
          donor_username: donor.username,
          donor_name: donor.name,
          donor_deleted_at: donor.deletedAt,
          donor_locale: donor.locale,
          drive_name: drive?.name ?? null,
          organizer_id: drive?.organizerId ?? null,
          organizer_locale: organiser?.locale ?? null,
        };
      },

      /** Who the receipt is for. */
      async donor(userId: string) {
        const p = await lookups.users.person(userId, on);
        return (
          p && {
            id: p.id,
            email: p.email,
            username: p.username,
            name: p.name,
            deleted_at: p.deletedAt,
            locale: p.locale,
          }
        );
      },

      async findDrive(id: string) {
        const drive = (await lookups.drives.briefs([id], on)).get(id);
        return (
          drive && {
            id: drive.id,
            name: drive.name,
            starts_at: drive.startsAt,
            organizer_id: drive.organizerId,
          }
        );
      },

      /**
       * A drive's paid donations per donor, most recent first; `anonymous` ones (and deleted
       * members') are summed into one row without a name. Reads one row per named donor of the
       * drive and their names in one batch.
       */
      async driveDonors(driveId: string, currency: string, limit: number) {
        const { named, anonymous } = await repo.driveDonorTotals(driveId, currency);
        const people = await lookups.users.people(
          named.map((r) => r.user_id),
          on,
        );
        const hidden = { ...anonymous };
        const shown = [];
        for (const row of named) {
          const person = people.get(row.user_id);
          if (!person) continue;
          if (person.deletedAt) {
            hidden.n += row.n;
            hidden.trees += row.trees;
            hidden.amount += row.amount;
          } else
            shown.push({
              user_id: row.user_id,
              username: person.username,
              name: person.name,
              trees: row.trees,
              amount: row.amount,
              last_paid_at: row.last_paid_at,
            });
        }
        shown.sort(
          (a, b) =>
            byText(String(b.last_paid_at ?? ''), String(a.last_paid_at ?? '')) ||
            byText(a.user_id, b.user_id),
        );
        return { named: shown.slice(0, limit), hidden };
      },

      /** Who paid for the trees allocated to a sapling reservation, with their names. */
      async reservationDonors(reservationId: string) {
        return lookups.users.joinPeople(
          await repo.reservationDonorRecords(reservationId),
          (r) => r.user_id,
          (row, p) => ({ ...row, username: p.username, name: p.name, deleted_at: p.deletedAt }),
          on,
        );
      },
    };
  };
}
export type DonationsStore = ReturnType<ReturnType<typeof donationsStore>>;
