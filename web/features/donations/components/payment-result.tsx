import { useEffect, useState } from 'react';
import type { Donation } from '../../../../contract/donations';
import { FOREST_PATH } from '../../../../contract/app-paths';
import { ButtonLink } from '../../../components/ui/button';
import { ShareButtons } from '../../../components/ui/share-buttons';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { Spinner } from '../../../components/ui/spinner';
import { BILLING_PATH, TRANSACTIONS_PATH } from '../format';
import { useDonationWords } from '../words';
import { DonationSummary } from './donation-summary';
import { CertificateButton, hasCertificate } from './certificate-button';
import { GiftStatus } from './gift-status';
import { ReceiptButton } from './receipt-button';
import { TryAgainButton, WithDonation } from './with-donation';

/** After this long still pending, say that it is taking a while (polling goes on). */
export const SLOW_CONFIRMATION_MS = 20_000;

/**
 * /app/donate-tree/success?donation=<id>: the provider sends people here before it confirms, so
 * this asks again until the donation is paid, failed or expired.
 */
export function PaymentResult({ donationId }: { donationId: string | null }) {
  return (
    <WithDonation id={donationId} poll>
      {(donation) => (
        <section
          className={`${sectionCard} mx-auto w-full max-w-2xl`}
          aria-labelledby="result-heading"
        >
          <div className="card-body gap-5">
            {donation.status === 'pending' ? <Confirming /> : null}
            {donation.status === 'paid' ? <Paid donation={donation} /> : null}
            {donation.status === 'refunded' ? <Refunded donation={donation} /> : null}
            {['failed', 'expired', 'cancelled'].includes(donation.status) ? (
              <Failed donation={donation} />
            ) : null}
          </div>
        </section>
      )}
    </WithDonation>
  );
}

function Confirming() {
  const [slow, setSlow] = useState(false);
  const { t } = useDonationWords();
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center" role="status">
      <Spinner size="lg" className="text-primary" />
      <h2 id="result-heading" className="text-2xl font-bold">
        {t('result.confirming')}
      </h2>
      <p className={mutedText}>{t('result.confirmingHint')}</p>
      {slow ? <p>{t('result.slow')}</p> : null}
    </div>
  );
}

function Paid({ donation }: { donation: Donation }) {
  const words = useDonationWords();
  const { t } = words;
  const given = { gift: words.gift(donation), recipient: words.recipient(donation) };
  return (
    <>
      <div className="flex flex-col gap-2">
        <h2 id="result-heading" className="text-2xl font-bold">
          {t('result.thanks')}
        </h2>
        <p>{t('result.gave', given)}</p>
        {donation.subscriptionId ? (
          <p data-testid="recurring-started">{t('result.recurringStarted')}</p>
        ) : null}
      </div>
      <DonationSummary
        donation={donation}
        extra={
          <div className="contents">
            <dt className="font-semibold">{t('result.receiptNumber')}</dt>
            <dd data-testid="receipt-number">{donation.receiptNumber}</dd>
          </div>
        }
      />
      {/* Trees given to someone (issue 19 §5): each recipient, claimed or not, or the link to pass on. */}
      {donation.kind === 'trees' ? <GiftStatus donationId={donation.id} /> : null}
      <div className="card-actions gap-3">
        <ReceiptButton donation={donation} variant="primary" />
        {hasCertificate(donation) ? <CertificateButton donation={donation} /> : null}
        {donation.kind === 'trees' ? (
          <ButtonLink to={FOREST_PATH} variant="secondary">
            {t('result.seeForest')}
          </ButtonLink>
        ) : null}
        {donation.subscriptionId ? (
          <ButtonLink to={BILLING_PATH} variant="secondary">
            {t('result.manageRecurring')}
          </ButtonLink>
        ) : null}
        <ButtonLink to={TRANSACTIONS_PATH} variant="secondary">
          {t('seeTransactions')}
        </ButtonLink>
      </div>
      {/* A tree gift has its public page (issue 19 §4); cash shares Canopy itself. */}
      <ShareButtons
        url={donation.kind === 'trees' ? `/gift/${encodeURIComponent(donation.id)}` : '/'}
        title="Canopy"
        text={donation.kind === 'trees' ? t('result.shareTrees', given) : t('result.shareCash')}
        label={t('result.share')}
      />
    </>
  );
}

function Refunded({ donation }: { donation: Donation }) {
  const { t } = useDonationWords();
  return (
    <>
      <h2 id="result-heading" className="text-2xl font-bold">
        {t('result.refunded')}
      </h2>
      <DonationSummary donation={donation} />
      <ButtonLink to={TRANSACTIONS_PATH} variant="secondary">
        {t('seeTransactions')}
      </ButtonLink>
    </>
  );
}

function Failed({ donation }: { donation: Donation }) {
  const { t } = useDonationWords();
  return (
    <div className="flex flex-col items-start gap-4">
      <h2 id="result-heading" className="text-2xl font-bold">
        {donation.status === 'expired' ? t('result.expired') : t('result.failed')}
      </h2>
      <p className="alert alert-error" role="alert" data-testid="failure-reason">
        {donation.failureReason ?? t('result.notCompleted')}
      </p>
      <DonationSummary donation={donation} />
      <TryAgainButton donation={donation} />
    </div>
  );
}
