import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DONATION_MESSAGES, type Donation } from '../../../../contract/donations';
import { Button, ButtonLink, type ButtonVariant } from '../../../components/ui/button';
import { LoadErrorCard, LoadingState, NotFoundCard } from '../../../components/ui/status-cards';
import { isMissing, useCreateDonation, useDonation } from '../api';
import { testCheckoutPath } from '../checkout-url';
import { checkoutPath, DONATE_PATH, repeatRequest } from '../format';
import { failureMessage } from '../../../lib/api-client';
import { useDonationWords } from '../words';

/** Shown for a missing, unknown or someone else's donation. */
export function DonationNotFound() {
  const { t } = useDonationWords();
  return (
    <NotFoundCard
      headingId="donation-missing"
      title={DONATION_MESSAGES.notFound}
      to={DONATE_PATH}
      linkLabel={t('donateTree')}
    >
      {t('donation.notFoundText')}
    </NotFoundCard>
  );
}

/**
 * Loads the donation named by `id` and renders `children` with it; loading, failure (Try again)
 * and not found are said here once for every donation page. `poll` keeps asking while pending.
 */
export function WithDonation({
  id,
  poll = false,
  children,
}: {
  id: string | null;
  poll?: boolean;
  children: (donation: Donation) => ReactNode;
}) {
  const donation = useDonation(id ?? undefined, { poll });
  const { t } = useDonationWords();
  if (!id || (donation.isError && isMissing(donation.error))) return <DonationNotFound />;
  if (donation.data) return children(donation.data);
  if (donation.isError)
    return (
      <LoadErrorCard
        message={failureMessage(donation.error, t('donation.loadFailed'))}
        onRetry={() => void donation.refetch()}
      />
    );
  return <LoadingState label={t('donation.loading')} />;
}

/**
 * "Try again": a failed, expired or cancelled donation stays as it is, so this starts a new one
 * with the same choices and goes on to its summary (or, from the test card page, straight back to
 * the card form). A recurring gift's first payment instead links back to Donate ("Start again").
 */
export function TryAgainButton({
  donation,
  next = 'summary',
  variant = 'primary',
  label,
}: {
  donation: Donation;
  next?: 'summary' | 'card';
  variant?: ButtonVariant;
  label?: string;
}) {
  const navigate = useNavigate();
  const { t } = useDonationWords();
  const create = useCreateDonation();
  const [refusal, setRefusal] = useState<string>();
  // A recurring gift's first period (issue 22) is not repeated as a one-off gift: start afresh.
  if (donation.subscriptionId)
    return (
      <ButtonLink to={DONATE_PATH} variant={variant}>
        {t('startAgain')}
      </ButtonLink>
    );
  const again = () => {
    setRefusal(undefined);
    create.mutate(repeatRequest(donation), {
      onSuccess: (answer) => {
        const fresh = answer.data.donation;
        void navigate(next === 'card' ? testCheckoutPath(fresh.id) : checkoutPath(fresh), {
          replace: next === 'card',
        });
      },
      onError: (error) => setRefusal(failureMessage(error)),
    });
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant={variant}
        busy={create.isPending}
        busyLabel={t('startingAgain')}
        onClick={again}
      >
        {label ?? t('tryAgain')}
      </Button>
      {refusal ? (
        <p className="alert alert-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
