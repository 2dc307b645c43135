import { Link } from 'react-router';
import type { ForestGift } from '../../../../contract/forest';
import { SHARE_PATHS } from '../../../../contract/forest-sharing';
import { buttonClass } from '../../../components/ui/button';
import { DownloadButton } from '../../../components/ui/download-button';
import { mutedText, textLink } from '../../../components/ui/looks';
import { downloadGiftCertificate } from '../api';
import { formatDay, giftProgress, giftTitle, PATHS } from '../format';

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
  return (
    <ul className="flex flex-col gap-2">
      {gifts.map((gift) => (
        <li
          key={gift.donationId}
          className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200 p-3"
          data-testid="forest-gift"
        >
          <div className="flex flex-col">
            <span className="font-semibold">
              {gift.driveId && gift.driveName ? (
                <Link to={PATHS.drive(gift.driveId)} className={textLink}>
                  {giftTitle(gift)}
                </Link>
              ) : (
                giftTitle(gift)
              )}
            </span>
            <span className={`text-sm ${mutedText}`}>
              Paid <time dateTime={gift.paidAt}>{formatDay(gift.paidAt)}</time>
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span
              className={`badge h-auto py-1 ${gift.waitingForOrganiser ? 'badge-warning' : BADGE[gift.status]}`}
              data-testid="gift-status"
            >
              {giftProgress(gift)}
            </span>
            <DownloadButton
              download={() => downloadGiftCertificate(gift.donationId)}
              failure="The certificate could not be downloaded. Please try again."
              label="Certificate (PDF)"
              ariaLabel={`Certificate (PDF) for ${giftTitle(gift)}, paid ${formatDay(gift.paidAt)}`}
              variant="secondary"
              size="sm"
            />
            {/* The gift's public page carries the share buttons (and never a claim code). */}
            <Link
              to={SHARE_PATHS.gift(gift.donationId)}
              className={buttonClass({ variant: 'ghost', size: 'sm' })}
              aria-label={`Share ${giftTitle(gift)}, paid ${formatDay(gift.paidAt)}: its public page`}
            >
              Share
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
