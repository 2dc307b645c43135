import { Link } from 'react-router';
import { type DriveDonations } from '../../../../contract/donations';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { Spinner } from '../../../components/ui/spinner';
import { useDriveDonations } from '../api';
import { donatePath, profilePath } from '../format';
import { useDonationWords } from '../words';
import { failureMessage } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';

/** What one donor gave: trees and cash (tree purchases are counted as trees, not cash). */
function donorGift(
  donor: DriveDonations['donors'][number],
  currency: string,
  words: ReturnType<typeof useDonationWords>,
) {
  const parts = [];
  if (donor.trees) parts.push(words.trees(donor.trees));
  if (donor.amount) parts.push(words.money(donor.amount, currency));
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
  const words = useDonationWords();
  const { t } = words;
  const data = totals.data;
  return (
    <section className={sectionCard} aria-labelledby="drive-donations-heading">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="drive-donations-heading" className="card-title text-lg">
            {t('panel.title')}
          </h3>
          {canDonate ? <ButtonLink to={donatePath(driveId)}>{t('panel.donate')}</ButtonLink> : null}
        </div>
        {data ? (
          <>
            <dl className="flex flex-wrap gap-x-10 gap-y-2">
              <div>
                <dt className={`text-sm ${mutedText}`}>{t('panel.treesGiven')}</dt>
                <dd className="text-2xl font-bold" data-testid="drive-trees-given">
                  {words.count(data.trees)}
                </dd>
              </div>
              <div>
                <dt className={`text-sm ${mutedText}`}>{t('panel.cashGiven')}</dt>
                <dd className="text-2xl font-bold" data-testid="drive-cash-given">
                  {words.money(data.amount, data.currency)}
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
                      <span className="font-semibold">{donor.name ?? t('panel.anonymous')}</span>
                    )}
                    <span className={mutedText}>{donorGift(donor, data.currency, words)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={mutedText}>{canDonate ? t('panel.noneYet') : t('panel.none')}</p>
            )}
          </>
        ) : totals.isError ? (
          <div className="flex flex-wrap items-center gap-3" role="alert">
            <p>{failureMessage(totals.error, t('panel.loadFailed'))}</p>
            <Button variant="secondary" size="sm" onClick={() => void totals.refetch()}>
              {t('tryAgain')}
            </Button>
          </div>
        ) : (
          <p className="flex items-center gap-2" role="status">
            <Spinner className="text-primary" /> {t('panel.loading')}
          </p>
        )}
      </div>
    </section>
  );
}
