import { Link } from 'react-router';
import type { ForestGift } from '../../../../contract/forest';
import { SHARE_PATHS } from '../../../../contract/forest-sharing';
import { buttonClass } from '../../../components/ui/button';
import { DownloadButton } from '../../../components/ui/download-button';
import { mutedText, textLink } from '../../../components/ui/looks';
import { downloadGiftCertificate } from '../api';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { rich, useT } from '../../../i18n/use-t';
import { formatDay, giftProgress, giftTitle, PATHS } from '../format';
import { forestMessages } from '../messages';

const BADGE: Record<ForestGift['status'], string> = {
  funded: 'badge-info',
  'partly-planted': 'badge-warning',
  planted: 'badge-success',
};

/**
 * The member's tree gifts, newest payment first, each with where it stands, its certificate and
 * a Share link to its public page (cards, not a table).
 */
export function GiftList({ gifts }: { gifts: readonly ForestGift[] }) {
  const t = useT(forestMessages);
  const locale = useIntlLocale();
  return (
    <ul className="flex flex-col gap-2">
      {gifts.map((gift) => {
        const title = giftTitle(gift, t);
        const paid = formatDay(gift.paidAt, locale);
        return (
          <li
            key={gift.donationId}
            className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200 p-3"
            data-testid="forest-gift"
          >
            <div className="flex flex-col">
              <span className="font-semibold">
                {gift.driveId && gift.driveName ? (
                  <Link to={PATHS.drive(gift.driveId)} className={textLink}>
                    {title}
                  </Link>
                ) : (
                  title
                )}
              </span>
              <span className={`text-sm ${mutedText}`}>
                {rich(t('gift.paid', { date: paid }), {
                  time: (chunk) => <time dateTime={gift.paidAt}>{chunk}</time>,
                })}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span
                className={`badge h-auto py-1 ${gift.waitingForOrganiser ? 'badge-warning' : BADGE[gift.status]}`}
                data-testid="gift-status"
              >
                {giftProgress(gift, t, locale)}
              </span>
              <DownloadButton
                download={() => downloadGiftCertificate(gift.donationId)}
                failure={t('gift.certificateFailed')}
                label={t('gift.certificate')}
                ariaLabel={t('gift.certificateFor', { gift: title, date: paid })}
                variant="secondary"
                size="sm"
              />
              {/* The gift's public page carries the share buttons (and never a claim code). */}
              <Link
                to={SHARE_PATHS.gift(gift.donationId)}
                className={buttonClass({ variant: 'ghost', size: 'sm' })}
                aria-label={t('gift.shareLabel', { gift: title, date: paid })}
              >
                {t('gift.share')}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
