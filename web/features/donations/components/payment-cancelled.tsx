import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { DONATE_PATH, donatePath, successPath } from '../format';
import { DonationSummary } from './donation-summary';
import { TryAgainButton, WithDonation } from './with-donation';

function Card({ children }: { children: ReactNode }) {
  return (
    <section className={`${sectionCard} mx-auto w-full max-w-2xl`} aria-labelledby="cancel-heading">
      <div className="card-body items-start gap-4">{children}</div>
    </section>
  );
}

// The top bar already says "Payment cancelled"; this says what it means.
const heading = (
  <h2 id="cancel-heading" className="text-2xl font-bold">
    Nothing was charged
  </h2>
);

/** /app/donate-tree/cancel?donation=<id>: people came back from the payment page without paying. */
export function PaymentCancelled({ donationId }: { donationId: string | null }) {
  if (!donationId)
    return (
      <Card>
        {heading}
        <p>The payment was not made.</p>
        <ButtonLink to={DONATE_PATH}>Donate Tree</ButtonLink>
      </Card>
    );
  return (
    <WithDonation id={donationId}>
      {(donation) =>
        donation.status === 'paid' ? (
          <Card>
            <h2 id="cancel-heading" className="text-2xl font-bold">
              This donation is already paid
            </h2>
            <ButtonLink to={successPath(donation.id)}>See your receipt</ButtonLink>
          </Card>
        ) : (
          <Card>
            {heading}
            <p>The payment was not made, and this donation stays unpaid.</p>
            <p className={mutedText}>
              You can try again with the same choices, or change them first.
            </p>
            <DonationSummary donation={donation} />
            <div className="flex flex-wrap items-start gap-3">
              <TryAgainButton donation={donation} />
              <ButtonLink to={donatePath(donation.drive?.id)} variant="secondary">
                Change choices
              </ButtonLink>
            </div>
          </Card>
        )
      }
    </WithDonation>
  );
}
