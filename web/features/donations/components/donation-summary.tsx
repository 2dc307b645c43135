import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Donation } from '../../../../contract/donations';
import { textLink } from '../../../components/ui/looks';
import { driveDetailPath } from '../format';
import { useDonationWords } from '../words';

/** What a donation is, as a definition list: to whom, what, category, message, name, total. */
export function DonationSummary({ donation, extra }: { donation: Donation; extra?: ReactNode }) {
  const words = useDonationWords();
  const { t } = words;
  const rows: Array<[string, ReactNode]> = [
    [
      t('summary.givenTo'),
      donation.drive ? (
        <Link to={driveDetailPath(donation.drive.id)} className={textLink}>
          {donation.drive.name}
        </Link>
      ) : (
        words.recipient(donation)
      ),
    ],
  ];
  if (donation.drive) rows.push([t('summary.driveDate'), words.day(donation.drive.startsAt)]);
  rows.push(
    [t('summary.what'), donation.kind === 'trees' ? words.gift(donation) : t('cash')],
    [t('summary.category'), words.category(donation.category)],
  );
  // The partner nursery whose saplings the donated trees are.
  if (donation.nursery) rows.splice(-1, 0, [t('summary.grownBy'), donation.nursery.name]);
  if (donation.message) rows.push([t('summary.message'), donation.message]);
  rows.push(
    [t('summary.yourName'), donation.anonymous ? t('summary.hidden') : t('summary.shown')],
    [t('summary.total'), <strong data-testid="donation-amount">{words.amount(donation)}</strong>],
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
