import { Link } from 'react-router';
import { type DriveDonations } from '../../../../contract/donations';
import { formatMoney } from '../../../../contract/money';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { Spinner } from '../../../components/ui/spinner';
import { useDriveDonations } from '../api';
import { formatCount, plural } from '../../../lib/numbers';
import { donatePath, profilePath } from '../format';
import { failureMessage } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';

/** What one donor gave: trees and cash (tree purchases are counted as trees, not cash). */
function donorGift(donor: DriveDonations['donors'][number], currency: string) {
  const parts = [];
  if (donor.trees) parts.push(plural(donor.trees, 'tree'));
  if (donor.amount) parts.push(formatMoney(donor.amount, currency));
  return parts.join(' · ');
}

/**
 * A drive's "Donations" panel: trees given and cash given (paid only; the server counts a tree
 * donation as trees, not cash), who gave (anonymous donors stay nameless), and Donate for an
 * upcoming drive.
 */
export function DriveDonationsPanel({
  driveId,
  canDonate,
}: {
  driveId: string;
  canDonate: boolean;
}) {
  const totals = useDriveDonations(driveId);
  const data = totals.data;
  return (
    <section className={sectionCard} aria-labelledby="drive-donations-heading">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="drive-donations-heading" className="card-title text-lg">
            Donations
          </h3>
          {canDonate ? <ButtonLink to={donatePath(driveId)}>Donate</ButtonLink> : null}
        </div>
        {data ? (
          <>
            <dl className="flex flex-wrap gap-x-10 gap-y-2">
              <div>
                <dt className={`text-sm ${mutedText}`}>Trees given</dt>
                <dd className="text-2xl font-bold" data-testid="drive-trees-given">
                  {formatCount(data.trees)}
                </dd>
              </div>
              <div>
                <dt className={`text-sm ${mutedText}`}>Cash given</dt>
                <dd className="text-2xl font-bold" data-testid="drive-cash-given">
                  {formatMoney(data.amount, data.currency)}
                </dd>
              </div>
            </dl>
            {data.donors.length ? (
              <ul className="flex flex-col gap-1" data-testid="donor-list">
                {data.donors.map((donor, index) => (
                  <li
                    key={`${donor.userId ?? 'anonymous'}-${index}`}
                    className="flex flex-wrap gap-x-2"
                  >
                    {donor.name && donor.userId ? (
                      <Link to={profilePath(donor.userId)} className={textLink}>
                        {donor.name}
                      </Link>
                    ) : (
                      <span className="font-semibold">{donor.name ?? 'Anonymous donor'}</span>
                    )}
                    <span className={mutedText}>{donorGift(donor, data.currency)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={mutedText}>
                {canDonate ? 'No donations yet. Be the first to give.' : 'No donations were made.'}
              </p>
            )}
          </>
        ) : totals.isError ? (
          <div className="flex flex-wrap items-center gap-3" role="alert">
            <p>{failureMessage(totals.error, 'Donations could not be loaded just now.')}</p>
            <Button variant="secondary" size="sm" onClick={() => void totals.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p className="flex items-center gap-2" role="status">
            <Spinner className="text-primary" /> Loading donations…
          </p>
        )}
      </div>
    </section>
  );
}
