import type { UnitOfWork } from '../../db/unit-of-work';
import { toDriveSummary, type DriveSummary } from './drive-summaries';
import {
  organisedDrivePagesRepository,
  type OrganisedDriveKey,
} from './organised-drive-pages.repository';

export type { OrganisedDriveKey };

/**
 * An organiser's drives in start order by keyset pages (the impact report's drive table, written
 * as it is read), a read of its own beside drive-summaries.ts's lists, which answer whole lists.
 */
export function organisedDrivePages(uow: UnitOfWork) {
  return {
    /**
     * The organiser's drives starting in [from, before) after `after` (from the first when null),
     * oldest first by (starts_at, id), at most `limit`; the cost follows the page, not the drives.
     */
    async organisedDrivesAfter(
      organiserId: string,
      range: { from?: string | undefined; before?: string | undefined },
      after: OrganisedDriveKey | null,
      limit: number,
    ): Promise<DriveSummary[]> {
      const rows = await organisedDrivePagesRepository(uow.db).drivesAfter(
        organiserId,
        range,
        after,
        limit,
      );
      return rows.map(toDriveSummary);
    },
  };
}
