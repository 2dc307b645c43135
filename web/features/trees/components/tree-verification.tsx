import {
  VERIFICATION_LIMITS,
  VERIFICATION_REASON_LABELS,
  isDistanceFlagged,
} from '../../../../contract/tree-verification';
import type { Tree } from '../../../../contract/trees';
import { formatDate } from '../../../lib/dates';
import { formatCount } from '../../../lib/numbers';

/**
 * Whether someone vouched for the tree (issue 21 §2): "Verified by … on …", the rejection with its
 * reason (and, for the planter, how to send it again with a new photo), or that it waits.
 */
export function TreeVerification({ tree }: { tree: Tree }) {
  const v = tree.verification;
  const distance =
    v.photoDistanceM === null ? null : (
      <p className="text-sm">
        The latest photo was taken {formatCount(Math.round(v.photoDistanceM))} m from the tree’s
        point
        {isDistanceFlagged(v.photoDistanceM)
          ? ` (over ${VERIFICATION_LIMITS.flagDistanceM} m)`
          : ''}
        .
      </p>
    );
  if (v.status === 'verified')
    return (
      <section
        className="alert alert-success alert-soft flex flex-col items-start"
        aria-label="Verification"
        data-testid="tree-verification"
      >
        <p className="font-semibold">
          Verified by {v.by?.name ?? 'a verifier'}
          {v.at ? ` on ${formatDate(v.at)}` : ''}
        </p>
        {distance}
      </section>
    );
  if (v.status === 'rejected')
    return (
      <section
        className="alert alert-error alert-soft flex flex-col items-start"
        aria-label="Verification"
        data-testid="tree-verification"
      >
        <p className="font-semibold">
          Not verified: {v.reason ? VERIFICATION_REASON_LABELS[v.reason] : 'rejected'}
          {v.by ? ` (${v.by.name}${v.at ? `, ${formatDate(v.at)}` : ''})` : ''}
        </p>
        <p className="text-sm">
          A rejected tree is left out of the maps and every total.
          {tree.isOwner && (
            <>
              {' '}
              To send it again, add a new photo of the tree: a measurement with a photo below, or a
              new photo through Edit. It then goes back to the drive’s verifiers.
            </>
          )}
        </p>
      </section>
    );
  return (
    <section
      className="alert alert-soft flex flex-col items-start"
      aria-label="Verification"
      data-testid="tree-verification"
    >
      <p className="font-semibold">Not verified yet</p>
      <p className="text-sm">
        {tree.driveId
          ? tree.isOwner
            ? 'The drive’s organiser or the nursery that supplied the saplings can verify it once it has a photo.'
            : 'Waiting for the drive’s organiser or the nursery that supplied the saplings.'
          : 'Trees not registered at a drive are not verified.'}
      </p>
      {distance}
    </section>
  );
}
