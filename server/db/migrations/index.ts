import type { Migration } from 'kysely';
import * as initial from './0001-initial';
import * as auth from './0002-auth';
import * as profilesFilesNotifications from './0003-profiles-files-notifications';
import * as geocoding from './0004-geocoding';
import * as drives from './0005-drives';
import * as fileReferences from './0006-file-references';
import * as donations from './0007-donations';
import * as trees from './0008-trees';
import * as authHardening from './0013-auth-hardening';
import * as driveTimeZones from './0009-drive-time-zones';
import * as apiTokens from './0010-api-tokens';
import * as nursery from './0011-nursery';
import * as teams from './0012-teams';
import * as jobsAndMail from './0014-jobs-and-mail';
import * as driveUpdates from './0015-drive-updates';
import * as treeCareNotices from './0016-tree-care-notices';
import * as giftAllocations from './0017-gift-allocations';
import * as donationExpiry from './0020-donation-expiry';
import * as giftTreeNotices from './0021-gift-tree-notices';
import * as treeMapIndex from './0022-tree-map-index';
import * as treeCareDays from './0023-tree-care-days';
import * as treeImpactCohorts from './0024-tree-impact-cohorts';
import * as peopleSearchIndex from './0025-people-search-index';
import * as treeCareDue from './0027-tree-care-due';
import * as impactFigures from './0026-impact-figures';
import * as communityCharts from './0030-community-charts';
import * as tableWriteNotices from './0029-table-write-notices';
import * as treeMapGrid from './0033-tree-map-grid';
import * as driveOrganiserSummaries from './0031-drive-organiser-summaries';
import * as driveOrganiserHours from './0035-drive-organiser-hours';
import * as treeGifts from './0019-tree-gifts';
import * as forestSharing from './0018-forest-sharing';
import * as replantingIndex from './0034-replanting-index';
import * as organiserDriveDays from './0032-organiser-drive-days';
import * as forestPlantingOrder from './0036-forest-planting-order';
import * as communityDriveFigures from './0037-community-drive-figures';
import * as driveMapCells from './0038-drive-map-cells';
import * as treesGeoMarkers from './0041-trees-geo-markers';
import * as treeProblems from './0050-tree-problems';
import * as recurringGiving from './0051-recurring-giving';
import * as testimonials from './0052-testimonials';
import * as idempotencyKeys from './0056-idempotency-keys';
import * as treePublicPlace from './0060-tree-public-place';
import * as verificationWaitingDrives from './0061-verification-waiting-drives';
import * as userLocale from './0062-user-locale';
import * as ownerKeysetIndexes from './0064-owner-keyset-indexes';
import * as donorTreeGiftsCovering from './0065-donor-tree-gifts-covering';
import * as treeReplantingCounts from './0067-tree-replanting-counts';
import * as replantingIndexOrder from './0068-replanting-index-order';
import * as driveMemberTotals from './0069-drive-member-totals';
import * as unloggedRateLimitHits from './0063-unlogged-rate-limit-hits';
import * as organiserPeriods from './0039-organiser-periods';
import * as donorTotals from './0044-donor-totals';
import * as treeOwnerCounts from './0045-tree-owner-counts';
import * as driveParticipantCounts from './0046-drive-participant-counts';
import * as treeCareDaysTold from './0040-tree-care-days-told';
import * as treeVerification from './0048-tree-verification';
import * as driveAttendance from './0047-drive-attendance';
import * as fourNumbers from './0049-four-numbers';

/** Every migration, in order; names are stable forever once released. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-auth': auth,
  '0003-profiles-files-notifications': profilesFilesNotifications,
  '0004-geocoding': geocoding,
  '0005-drives': drives,
  '0006-file-references': fileReferences,
  '0007-donations': donations,
  '0008-trees': trees,
  '0009-drive-time-zones': driveTimeZones,
  '0010-api-tokens': apiTokens,
  '0011-nursery': nursery,
  '0012-teams': teams,
  '0013-auth-hardening': authHardening,
  '0014-jobs-and-mail': jobsAndMail,
  '0015-drive-updates': driveUpdates,
  '0016-tree-care-notices': treeCareNotices,
  '0017-gift-allocations': giftAllocations,
  '0020-donation-expiry': donationExpiry,
  '0018-forest-sharing': forestSharing,
  '0019-tree-gifts': treeGifts,
  '0021-gift-tree-notices': giftTreeNotices,
  '0022-tree-map-index': treeMapIndex,
  '0023-tree-care-days': treeCareDays,
  '0024-tree-impact-cohorts': treeImpactCohorts,
  '0025-people-search-index': peopleSearchIndex,
  '0027-tree-care-due': treeCareDue,
  '0026-impact-figures': impactFigures,
  '0030-community-charts': communityCharts,
  '0029-table-write-notices': tableWriteNotices,
  '0033-tree-map-grid': treeMapGrid,
  '0031-drive-organiser-summaries': driveOrganiserSummaries,
  '0035-drive-organiser-hours': driveOrganiserHours,
  '0032-organiser-drive-days': organiserDriveDays,
  '0034-replanting-index': replantingIndex,
  '0036-forest-planting-order': forestPlantingOrder,
  '0037-community-drive-figures': communityDriveFigures,
  '0038-drive-map-cells': driveMapCells,
  '0039-organiser-periods': organiserPeriods,
  '0044-donor-totals': donorTotals,
  '0045-tree-owner-counts': treeOwnerCounts,
  '0046-drive-participant-counts': driveParticipantCounts,
  '0040-tree-care-days-told': treeCareDaysTold,
  '0041-trees-geo-markers': treesGeoMarkers,
  '0048-tree-verification': treeVerification,
  '0047-drive-attendance': driveAttendance,
  '0049-four-numbers': fourNumbers,
  '0050-tree-problems': treeProblems,
  '0051-recurring-giving': recurringGiving,
  '0052-testimonials': testimonials,
  '0056-idempotency-keys': idempotencyKeys,
  '0060-tree-public-place': treePublicPlace,
  '0061-verification-waiting-drives': verificationWaitingDrives,
  '0062-user-locale': userLocale,
  '0064-owner-keyset-indexes': ownerKeysetIndexes,
  '0063-unlogged-rate-limit-hits': unloggedRateLimitHits,
  '0065-donor-tree-gifts-covering': donorTreeGiftsCovering,
  '0067-tree-replanting-counts': treeReplantingCounts,
  '0068-replanting-index-order': replantingIndexOrder,
  '0069-drive-member-totals': driveMemberTotals,
};
