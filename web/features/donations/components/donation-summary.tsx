import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Donation } from '../../../../contract/donations';
import { textLink } from '../../../components/ui/looks';
import { amountText, driveDetailPath, formatDay, giftText, recipientName } from '../format';

/** What a donation is, as a definition list: to whom, what, category, message, name, total. */
export function DonationSummary({ donation, extra }: { donation: Donation; extra?: ReactNode }) {
  const rows: Array<[string, ReactNode]> = [
    [
      'Given to',
      donation.drive ? (
        <Link to={driveDetailPath(donation.drive.id)} className={textLink}>
          {donation.drive.name}
        </Link>
      ) : (
        recipientName(donation)
      ),
    ],
  ];
  if (donation.drive) rows.push(['Drive date', formatDay(donation.drive.startsAt)]);
  rows.push(
    ['What', donation.kind === 'trees' ? giftText(donation) : 'Cash'],
    ['Category', donation.category],
  );
  // The partner nursery whose saplings the donated trees are.
  if (donation.nursery) rows.splice(-1, 0, ['Grown by', donation.nursery.name]);
  if (donation.message) rows.push(['Message', donation.message]);
  rows.push(
    ['Your name', donation.anonymous ? 'Hidden (anonymous)' : 'Shown with the donation'],
    ['Total', <strong data-testid="donation-amount">{amountText(donation)}</strong>],
  );
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]" data-testid="donation-summary">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
      {extra}
    </dl>
  );
}
