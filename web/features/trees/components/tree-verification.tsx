import { VERIFICATION_LIMITS, isDistanceFlagged } from '../../../../contract/tree-verification';
import type { Tree } from '../../../../contract/trees';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { formatDate } from '../../../lib/dates';
import { treesMessages } from '../messages';

/**
 * Whether someone vouched for the tree (issue 21 §2): "Verified by … on …", the rejection with its
 * reason (and, for the planter, how to send it again with a new photo), or that it waits.
 */
export function TreeVerification({ tree }: { tree: Tree }) {
  const v = tree.verification;
  const t = useT(treesMessages);
  const locale = useIntlLocale();
  const day = v.at ? formatDate(v.at, locale) : undefined;
  const distance =
    v.photoDistanceM === null ? null : (
      <p className="text-sm">
        {t(
          isDistanceFlagged(v.photoDistanceM)
            ? 'verification.distanceFlagged'
            : 'verification.distance',
          { metres: Math.round(v.photoDistanceM), limit: VERIFICATION_LIMITS.flagDistanceM },
        )}
      </p>
    );
  const rejectedBy = () => {
    const reason = v.reason
      ? t(`verification.reason.${v.reason}`)
      : t('verification.reasonUnknown');
    if (!v.by) return t('verification.rejected', { reason });
    return day
      ? t('verification.rejectedByOn', { reason, name: v.by.name, day })
      : t('verification.rejectedBy', { reason, name: v.by.name });
  };
  if (v.status === 'verified')
    return (
      <section
        className="alert alert-success alert-soft flex flex-col items-start"
        aria-label={t('verification.label')}
        data-testid="tree-verification"
      >
        <p className="font-semibold">
          {day
            ? t('verification.verifiedOn', {
                name: v.by?.name ?? t('verification.someVerifier'),
                day,
              })
            : t('verification.verified', { name: v.by?.name ?? t('verification.someVerifier') })}
        </p>
        {distance}
      </section>
    );
  if (v.status === 'rejected')
    return (
      <section
        className="alert alert-error alert-soft flex flex-col items-start"
        aria-label={t('verification.label')}
        data-testid="tree-verification"
      >
        <p className="font-semibold">{rejectedBy()}</p>
        <p className="text-sm">
          {t('verification.rejectedNote')}
          {tree.isOwner && <> {t('verification.resend')}</>}
        </p>
      </section>
    );
  return (
    <section
      className="alert alert-soft flex flex-col items-start"
      aria-label={t('verification.label')}
      data-testid="tree-verification"
    >
      <p className="font-semibold">{t('verification.pending')}</p>
      <p className="text-sm">
        {tree.driveId
          ? tree.isOwner
            ? t('verification.pendingOwner')
            : t('verification.pendingOther')
          : t('verification.noDrive')}
      </p>
      {distance}
    </section>
  );
}
