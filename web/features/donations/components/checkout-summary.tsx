import { DONATION_MESSAGES, type Donation } from '../../../../contract/donations';
import { Button, ButtonLink } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useDonationOptions } from '../api';
import { goToCheckout, recalledCheckoutUrl, testCheckoutPath } from '../checkout-url';
import { amountText, cancelPath, donatePath, successPath } from '../format';
import { StatusBadge } from './donation-states';
import { DonationSummary } from './donation-summary';
import { TryAgainButton, WithDonation } from './with-donation';

/** /app/checkout/…?donation=<id>: what is about to be paid, and Pay. */
export function CheckoutSummary({ donationId }: { donationId: string | null }) {
  return (
    <WithDonation id={donationId}>{(donation) => <Summary donation={donation} />}</WithDonation>
  );
}

function Summary({ donation }: { donation: Donation }) {
  const options = useDonationOptions();
  const pending = donation.status === 'pending';
  // The address from when it was started; after a reload in another tab, the test page if that is
  // how this server takes payments.
  const payUrl =
    recalledCheckoutUrl(donation.id) ??
    (options.data?.testMode ? testCheckoutPath(donation.id) : null);
  return (
    <section
      className={`${sectionCard} mx-auto w-full max-w-2xl`}
      aria-labelledby="checkout-heading"
    >
      <div className="card-body gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="checkout-heading" className="card-title text-2xl">
            Your donation
          </h2>
          <StatusBadge status={donation.status} />
        </div>
        {options.data?.testMode && pending ? (
          <p className="alert alert-info" role="note">
            Test mode: the next page takes a test card; no real card is charged.
          </p>
        ) : null}
        <DonationSummary donation={donation} />

        {pending && payUrl ? (
          <div className="card-actions items-center justify-end gap-3">
            <ButtonLink to={cancelPath(donation.id)} variant="ghost">
              Cancel
            </ButtonLink>
            <ButtonLink to={donatePath(donation.drive?.id)} variant="secondary">
              Change choices
            </ButtonLink>
            <Button onClick={() => goToCheckout(payUrl)}>Pay {amountText(donation)}</Button>
          </div>
        ) : null}
        {pending && !payUrl && options.data ? (
          <div className="flex flex-col gap-3" role="alert">
            <p>The payment page for this donation is no longer known here. Nothing was charged.</p>
            <TryAgainButton donation={donation} label="Start again" />
          </div>
        ) : null}
        {donation.status === 'paid' ? (
          <div className="flex flex-col items-start gap-3">
            <p>This donation is paid. Thank you!</p>
            <ButtonLink to={successPath(donation.id)}>See your receipt</ButtonLink>
          </div>
        ) : null}
        {!pending && donation.status !== 'paid' ? (
          <div className="flex flex-col items-start gap-3" role="alert">
            <p>{DONATION_MESSAGES.notPending}</p>
            {donation.failureReason ? <p className={mutedText}>{donation.failureReason}</p> : null}
            <TryAgainButton donation={donation} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
