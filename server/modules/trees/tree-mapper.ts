import { fileUrl } from '../../../contract/files';
import { treeImpact } from '../../../contract/impact';
import { speciesByValue } from '../../../contract/options';
import { TREE_LIMITS, type Measurement, type Tree, type TreeStatus } from '../../../contract/trees';
import type {
  TreeVerification,
  VerificationRejectionReason,
} from '../../../contract/tree-verification';
import type { TreeRow } from '../../db/tables';

/** A tree row as the trees queries read it: the row and what replaced it. */
export type TreeWithReplacement = TreeRow & { replaced_by_id: string | null };

/** With its owner's name from the users module (trees-people.ts). */
export type TreeWithOwner = TreeWithReplacement & {
  owner_name: string | null;
  owner_username: string;
  owner_deleted_at: string | null;
  /** Who verified or rejected it, by name (issue 21 §2); absent when nobody decided. */
  verifier_name?: string | null;
};

const STATUS_BY_ROW: Record<TreeRow['status'], TreeStatus> = {
  alive: 'healthy',
  needs_care: 'needs-care',
  dead: 'dead',
};
const ROW_BY_STATUS: Record<TreeStatus, TreeRow['status']> = {
  healthy: 'alive',
  'needs-care': 'needs_care',
  dead: 'dead',
};
/** Stored statuses keep 0001's names ('alive', 'needs_care'); the API says healthy / needs-care. */
export const statusOf = (row: Pick<TreeRow, 'status'>): TreeStatus => STATUS_BY_ROW[row.status];
export const rowStatus = (status: TreeStatus): TreeRow['status'] => ROW_BY_STATUS[status];

/** Rounded to the decimals everyone but the owner sees (~110 m at 3 decimals). */
export const roundCoordinate = (value: number, decimals: number = TREE_LIMITS.publicDecimals) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals;

export function speciesRef(value: number) {
  const s = speciesByValue(value);
  return s
    ? { value, label: s.label, scientificName: s.scientificName }
    : { value, label: 'Unknown species', scientificName: '' };
}

/** How a tree is named in lists and notices: its nickname, else its species. */
export const treeTitle = (row: Pick<TreeRow, 'nickname' | 'species_id'>) =>
  row.nickname ?? speciesRef(row.species_id).label;

export const ownerName = (
  row: Pick<TreeWithOwner, 'owner_name' | 'owner_username' | 'owner_deleted_at'>,
) => (row.owner_deleted_at ? 'Former member' : row.owner_name?.trim() || row.owner_username);

/** The latest measurement, kept on the row (0008) so lists and totals need no subquery. */
export function lastMeasurementOf(row: TreeRow) {
  const {
    last_measured_at: measuredAt,
    last_height_cm: heightCm,
    last_diameter_cm: diameterCm,
  } = row;
  return measuredAt !== null && heightCm !== null && diameterCm !== null
    ? { measuredAt, heightCm, diameterCm }
    : null;
}

/** The method's figures for a row at `now` (dead rows count zero). */
export function impactOfRow(row: TreeRow, now: Date) {
  return treeImpact({
    speciesValue: row.species_id,
    size: row.size,
    plantedAt: row.planted_at,
    aliveCount: row.alive_count,
    dead: row.status === 'dead',
    measurement: lastMeasurementOf(row),
    at: now,
  });
}

/**
 * The place as others may see it: the area the geocoder names around the point (0060), never a
 * cut of the owner's private address (issue 25, security 1); empty until it is looked up.
 */
export const publicPlaceOf = (row: { public_place: string | null }): string =>
  row.public_place ?? '';

/** The tree's verification as the API shows it (`by` named by the trees' people read). */
export function verificationOf(
  row: Pick<
    TreeRow,
    | 'verification_status'
    | 'verified_by'
    | 'verified_at'
    | 'verification_reason'
    | 'photo_distance_m'
  >,
  verifierName: string | null | undefined,
): TreeVerification {
  return {
    status: row.verification_status,
    by:
      row.verified_by && row.verification_status !== 'unverified'
        ? {
            id: row.verified_by,
            // null: the account is gone; undefined: a read that does not name verifiers.
            name: verifierName === null ? 'Former member' : (verifierName ?? 'A verifier'),
          }
        : null,
    at: row.verification_status === 'unverified' ? null : row.verified_at,
    reason:
      row.verification_status === 'rejected'
        ? (row.verification_reason as VerificationRejectionReason | null)
        : null,
    photoDistanceM: row.photo_distance_m === null ? null : Number(row.photo_distance_m),
  };
}

export function toTree(row: TreeWithOwner, context: { callerId: string; now: Date }): Tree {
  const isOwner = row.owner_id === context.callerId;
  const coordinate = (v: number | null) => (v === null ? null : isOwner ? v : roundCoordinate(v));
  return {
    id: row.id,
    _id: row.id,
    species: speciesRef(row.species_id),
    count: row.tree_count,
    aliveCount: row.alive_count,
    size: row.size,
    plantedAt: row.planted_at,
    lat: coordinate(row.lat),
    lng: coordinate(row.lng),
    location: isOwner ? row.location_text : publicPlaceOf(row),
    name: row.nickname,
    photoUrl: row.photo_file_id ? fileUrl(row.photo_file_id) : '',
    status: statusOf(row),
    cause: row.cause,
    problem:
      row.status === 'needs_care'
        ? {
            note: row.health_note,
            photoUrl: row.health_photo_file_id ? fileUrl(row.health_photo_file_id) : '',
          }
        : null,
    statusChangedAt: row.status_changed_at,
    driveId: row.drive_id,
    replacesTreeId: row.replaces_tree_id,
    replacedByTreeId: row.replaced_by_id,
    reservationId: row.reservation_id,
    owner: { id: row.owner_id, name: ownerName(row) },
    isOwner,
    lastMeasurement: lastMeasurementOf(row),
    impact: impactOfRow(row, context.now),
    createdAt: row.created_at,
    verification: verificationOf(row, row.verifier_name),
  };
}

export function toMeasurement(row: {
  id: string;
  measured_at: string;
  height_cm: number;
  diameter_cm: number;
  alive_count: number | null;
  photo_file_id: string | null;
}): Measurement {
  return {
    id: row.id,
    measuredAt: row.measured_at,
    heightCm: row.height_cm,
    diameterCm: row.diameter_cm,
    aliveCount: row.alive_count,
    photoUrl: row.photo_file_id ? fileUrl(row.photo_file_id) : '',
  };
}
