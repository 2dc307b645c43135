import { DONATION_MESSAGES, type Donation } from '../../../../contract/donations';
import { Button, ButtonLink } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useDonationOptions } from '../api';
import { goToCheckout, recalledCheckoutUrl, testCheckoutPath } from '../checkout-url';
import { cancelPath, donatePath, successPath } from '../format';
import { useDonationWords } from '../words';
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
  const words = useDonationWords();
  const { t } = words;
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
            {t('checkout.title')}
          </h2>
          <StatusBadge status={donation.status} />
        </div>
        {options.data?.testMode && pending ? (
          <p className="alert alert-info" role="note">
            {t('checkout.testMode')}
          </p>
        ) : null}
        <DonationSummary donation={donation} />

        {pending && payUrl ? (
          <div className="card-actions items-center justify-end gap-3">
            <ButtonLink to={cancelPath(donation.id)} variant="ghost">
              {t('cancel')}
            </ButtonLink>
            <ButtonLink to={donatePath(donation.drive?.id)} variant="secondary">
              {t('changeChoices')}
            </ButtonLink>
            <Button onClick={() => goToCheckout(payUrl)}>
              {t('card.pay', { amount: words.amount(donation) })}
            </Button>
          </div>
        ) : null}
        {pending && !payUrl && options.data ? (
          <div className="flex flex-col gap-3" role="alert">
            <p>{t('checkout.unknownPage')}</p>
            <TryAgainButton donation={donation} label={t('startAgain')} />
          </div>
        ) : null}
        {donation.status === 'paid' ? (
          <div className="flex flex-col items-start gap-3">
            <p>{t('checkout.paid')}</p>
            <ButtonLink to={successPath(donation.id)}>{t('seeReceipt')}</ButtonLink>
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
