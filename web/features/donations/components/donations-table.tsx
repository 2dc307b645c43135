import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Donation } from '../../../../contract/donations';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { textLink } from '../../../components/ui/looks';
import { failureMessage } from '../../../lib/api-client';
import { useCancelDonation, usePayNow } from '../api';
import { goToCheckout } from '../checkout-url';
import {
  amountText,
  BILLING_PATH,
  driveDetailPath,
  formatDay,
  giftText,
  recipientName,
} from '../format';
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
          header: 'Date',
          className: 'whitespace-nowrap',
          cell: (donation) => (
            <time dateTime={donation.paidAt ?? donation.createdAt}>
              {formatDay(donation.paidAt ?? donation.createdAt)}
            </time>
          ),
        },
        {
          header: 'What',
          cell: (donation) => (
            <>
              <span className="block">
                {donation.kind === 'trees' ? giftText(donation) : 'Cash'}
              </span>
              <span className="text-sm text-base-content/80">{donation.category}</span>
              {/* A period of a recurring gift (issue 22): managed on Billing. */}
              {donation.subscriptionId ? (
                <Link to={BILLING_PATH} className={`${textLink} block text-sm`}>
                  Recurring gift
                </Link>
              ) : null}
              <GiftCell donation={donation} />
            </>
          ),
        },
        {
          header: 'Drive',
          className: 'break-words',
          cell: (donation) =>
            donation.drive ? (
              <Link to={driveDetailPath(donation.drive.id)} className={textLink}>
                {donation.drive.name}
              </Link>
            ) : (
              recipientName(donation)
            ),
        },
        {
          header: 'Amount',
          className: 'text-right whitespace-nowrap',
          cell: (donation) => amountText(donation),
        },
        { header: 'Status', cell: (donation) => <StatusBadge status={donation.status} /> },
        {
          header: 'Actions',
          cell: (donation) =>
            donation.status === 'paid' && donation.receiptNumber ? (
              <div className="flex flex-wrap gap-2">
                <ReceiptButton donation={donation} size="sm" label="Download" named />
                {hasCertificate(donation) ? (
                  <CertificateButton donation={donation} size="sm" named />
                ) : null}
              </div>
            ) : donation.status === 'pending' ? (
              <PendingActions donation={donation} />
            ) : (
              <>
                <span aria-hidden="true">—</span>
                <span className="sr-only">No receipt</span>
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
  const name = `${giftText(donation)}, ${formatDay(donation.createdAt)}`;
  const fail = (error: unknown) =>
    toast.error(failureMessage(error, 'That did not work just now. Please try again.'));
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        aria-label={`Pay now: ${name}`}
        busy={payNow.isPending}
        onClick={() =>
          payNow.mutate(donation.id, {
            onSuccess: (answer) => goToCheckout(answer.data.checkoutUrl),
            onError: fail,
          })
        }
      >
        Pay now
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Cancel: ${name}`}
        busy={cancel.isPending}
        onClick={() =>
          cancel.mutate(donation.id, {
            onSuccess: (answer) => toast.success(answer.message),
            onError: fail,
          })
        }
      >
        Cancel
      </Button>
    </div>
  );
}
