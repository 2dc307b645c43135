import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import type { Donation } from '../../../../contract/donations';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { textLink } from '../../../components/ui/looks';
import { failureMessage } from '../../../lib/api-client';
import { useCancelDonation, usePayNow } from '../api';
import { goToCheckout } from '../checkout-url';
import { BILLING_PATH, driveDetailPath } from '../format';
import { useDonationWords } from '../words';
import { StatusBadge } from './donation-states';
import { CertificateButton, hasCertificate } from './certificate-button';
import { GiftCell, type DonationWithGift } from './gift-cell';
import { ReceiptButton } from './receipt-button';

/** The caller's donations, newest first, one row each (a card each on a phone). */
export function DonationsTable({
  donations,
  caption,
  busy = false,
}: {
  /** With their gift summaries (the list's answer), gifts show who they went to. */
  donations: DonationWithGift[];
  caption: string;
  busy?: boolean;
}) {
  const words = useDonationWords();
  const { t } = words;
  return (
    <DataTable
      caption={caption}
      busy={busy}
      data-testid="donations-table"
      rows={donations}
      rowKey={(donation) => donation.id}
      rowProps={() => ({ 'data-testid': 'donation-row' })}
      columns={[
        {
          header: t('table.date'),
          className: 'whitespace-nowrap',
          cell: (donation) => (
            <time dateTime={donation.paidAt ?? donation.createdAt}>
              {words.day(donation.paidAt ?? donation.createdAt)}
            </time>
          ),
        },
        {
          header: t('table.what'),
          cell: (donation) => (
            <>
              <span className="block">
                {donation.kind === 'trees' ? words.gift(donation) : t('cash')}
              </span>
              <span className="text-sm text-base-content/80">
                {words.category(donation.category)}
              </span>
              {/* A period of a recurring gift (issue 22): managed on Billing. */}
              {donation.subscriptionId ? (
                <Link to={BILLING_PATH} className={`${textLink} block text-sm`}>
                  {t('table.recurring')}
                </Link>
              ) : null}
              <GiftCell donation={donation} />
            </>
          ),
        },
        {
          header: t('table.drive'),
          className: 'break-words',
          cell: (donation) =>
            donation.drive ? (
              <Link to={driveDetailPath(donation.drive.id)} className={textLink}>
                {donation.drive.name}
              </Link>
            ) : (
              words.recipient(donation)
            ),
        },
        {
          header: t('table.amount'),
          className: 'text-right whitespace-nowrap',
          cell: (donation) => words.amount(donation),
        },
        { header: t('table.status'), cell: (donation) => <StatusBadge status={donation.status} /> },
        {
          header: t('table.actions'),
          cell: (donation) =>
            donation.status === 'paid' && donation.receiptNumber ? (
              <div className="flex flex-wrap gap-2">
                <ReceiptButton donation={donation} size="sm" label={t('table.download')} named />
                {hasCertificate(donation) ? (
                  <CertificateButton donation={donation} size="sm" named />
                ) : null}
              </div>
            ) : donation.status === 'pending' ? (
              <PendingActions donation={donation} />
            ) : (
              <>
                <span aria-hidden="true">—</span>
                <span className="sr-only">{t('table.noReceipt')}</span>
              </>
            ),
        },
      ]}
    />
  );
}

/** A pending donation: Pay now (its checkout, or a new one with the same choices) and Cancel. */
function PendingActions({ donation }: { donation: Donation }) {
  const payNow = usePayNow();
  const cancel = useCancelDonation();
  const words = useDonationWords();
  const { t } = words;
  const name = { gift: words.gift(donation), day: words.day(donation.createdAt) };
  const fail = (error: unknown) => toast.error(failureMessage(error, t('table.failed')));
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        aria-label={t('table.payNowLabel', name)}
        busy={payNow.isPending}
        onClick={() =>
          payNow.mutate(donation.id, {
            onSuccess: (answer) => goToCheckout(answer.data.checkoutUrl),
            onError: fail,
          })
        }
      >
        {t('table.payNow')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={t('table.cancelLabel', name)}
        busy={cancel.isPending}
        onClick={() =>
          cancel.mutate(donation.id, {
            onSuccess: (answer) => toast.success(answer.message),
            onError: fail,
          })
        }
      >
        {t('cancel')}
      </Button>
    </div>
  );
}
