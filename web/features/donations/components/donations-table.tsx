import { Link } from 'react-router';
import type { Donation } from '../../../../contract/donations';
import { textLink } from '../../../components/ui/looks';
import { amountText, driveDetailPath, formatDay, GENERAL_FUND, giftText } from '../format';
import { StatusBadge } from './donation-states';
import { CertificateButton, hasCertificate } from './certificate-button';
import { ReceiptButton } from './receipt-button';

/** The caller's donations, newest first, one row each. */
export function DonationsTable({
  donations,
  caption,
  busy = false,
}: {
  donations: Donation[];
  caption: string;
  busy?: boolean;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="table" aria-busy={busy || undefined} data-testid="donations-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">What</th>
            <th scope="col">Drive</th>
            <th scope="col" className="text-right">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Documents</th>
          </tr>
        </thead>
        <tbody>
          {donations.map((donation) => (
            <tr key={donation.id} data-testid="donation-row">
              <td className="whitespace-nowrap">
                <time dateTime={donation.paidAt ?? donation.createdAt}>
                  {formatDay(donation.paidAt ?? donation.createdAt)}
                </time>
              </td>
              <td>
                <span className="block">
                  {donation.kind === 'trees' ? giftText(donation) : 'Cash'}
                </span>
                <span className="text-sm text-base-content/80">{donation.category}</span>
              </td>
              <td className="break-words">
                {donation.drive ? (
                  <Link to={driveDetailPath(donation.drive.id)} className={textLink}>
                    {donation.drive.name}
                  </Link>
                ) : (
                  GENERAL_FUND
                )}
              </td>
              <td className="text-right whitespace-nowrap">{amountText(donation)}</td>
              <td>
                <StatusBadge status={donation.status} />
              </td>
              <td>
                {donation.status === 'paid' && donation.receiptNumber ? (
                  <div className="flex flex-wrap gap-2">
                    <ReceiptButton donation={donation} size="sm" label="Download" named />
                    {hasCertificate(donation) ? (
                      <CertificateButton donation={donation} size="sm" named />
                    ) : null}
                  </div>
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">No receipt</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
