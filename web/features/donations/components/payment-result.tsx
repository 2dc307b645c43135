import { useEffect, useState } from 'react';
import type { Donation } from '../../../../contract/donations';
import { FOREST_PATH } from '../../../../contract/forest';
import { ButtonLink } from '../../../components/ui/button';
import { ShareButtons } from '../../../components/ui/share-buttons';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { Spinner } from '../../../components/ui/spinner';
import { BILLING_PATH, giftText, recipientName, TRANSACTIONS_PATH } from '../format';
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
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center" role="status">
      <Spinner size="lg" className="text-primary" />
      <h2 id="result-heading" className="text-2xl font-bold">
        Confirming your payment…
      </h2>
      <p className={mutedText}>This usually takes a few seconds. Please keep this page open.</p>
      {slow ? (
        <p>
          This is taking longer than usual. You may leave this page: the donation shows as Paid in
          Transactions once it is confirmed.
        </p>
      ) : null}
    </div>
  );
}

function Paid({ donation }: { donation: Donation }) {
  return (
    <>
      <div className="flex flex-col gap-2">
        <h2 id="result-heading" className="text-2xl font-bold">
          Thank you for your donation!
        </h2>
        <p>
          You gave {giftText(donation)} to {recipientName(donation)}. Your payment is confirmed.
        </p>
        {donation.subscriptionId ? (
          <p data-testid="recurring-started">
            Your recurring gift has started: later payments are charged automatically. Pause, change
            or cancel it in Settings → Billing.
          </p>
        ) : null}
      </div>
      <DonationSummary
        donation={donation}
        extra={
          <div className="contents">
            <dt className="font-semibold">Receipt number</dt>
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
            See it in your forest
          </ButtonLink>
        ) : null}
        {donation.subscriptionId ? (
          <ButtonLink to={BILLING_PATH} variant="secondary">
            Manage your recurring gift
          </ButtonLink>
        ) : null}
        <ButtonLink to={TRANSACTIONS_PATH} variant="secondary">
          See your transactions
        </ButtonLink>
      </div>
      {/* A tree gift has its public page (issue 19 §4); cash shares Canopy itself. */}
      <ShareButtons
        url={donation.kind === 'trees' ? `/gift/${encodeURIComponent(donation.id)}` : '/'}
        title="Canopy"
        text={
          donation.kind === 'trees'
            ? `I just gave ${giftText(donation)} to ${recipientName(donation)} on Canopy.`
            : 'I just gave to tree planting on Canopy.'
        }
        label="Share your gift"
      />
    </>
  );
}

function Refunded({ donation }: { donation: Donation }) {
  return (
    <>
      <h2 id="result-heading" className="text-2xl font-bold">
        This donation was refunded
      </h2>
      <DonationSummary donation={donation} />
      <ButtonLink to={TRANSACTIONS_PATH} variant="secondary">
        See your transactions
      </ButtonLink>
    </>
  );
}

function Failed({ donation }: { donation: Donation }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <h2 id="result-heading" className="text-2xl font-bold">
        {donation.status === 'expired'
          ? 'The payment time ran out'
          : 'Your payment did not go through'}
      </h2>
      <p className="alert alert-error" role="alert" data-testid="failure-reason">
        {donation.failureReason ?? 'The payment was not completed. Nothing was charged.'}
      </p>
      <DonationSummary donation={donation} />
      <TryAgainButton donation={donation} />
    </div>
  );
}
