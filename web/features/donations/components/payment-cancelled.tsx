import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { DONATE_PATH, donatePath, successPath } from '../format';
import { useDonationWords } from '../words';
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
function Heading() {
  const { t } = useDonationWords();
  return (
    <h2 id="cancel-heading" className="text-2xl font-bold">
      {t('cancelled.heading')}
    </h2>
  );
}

/** /app/donate-tree/cancel?donation=<id>: people came back from the payment page without paying. */
export function PaymentCancelled({ donationId }: { donationId: string | null }) {
  const { t } = useDonationWords();
  if (!donationId)
    return (
      <Card>
        <Heading />
        <p>{t('cancelled.notMade')}</p>
        <ButtonLink to={DONATE_PATH}>{t('donateTree')}</ButtonLink>
      </Card>
    );
  return (
    <WithDonation id={donationId}>
      {(donation) =>
        donation.status === 'paid' ? (
          <Card>
            <h2 id="cancel-heading" className="text-2xl font-bold">
              {t('cancelled.alreadyPaid')}
            </h2>
            <ButtonLink to={successPath(donation.id)}>{t('seeReceipt')}</ButtonLink>
          </Card>
        ) : (
          <Card>
            <Heading />
            <p>{t('cancelled.staysUnpaid')}</p>
            <p className={mutedText}>{t('cancelled.hint')}</p>
            <DonationSummary donation={donation} />
            <div className="flex flex-wrap items-start gap-3">
              <TryAgainButton donation={donation} />
              <ButtonLink to={donatePath(donation.drive?.id)} variant="secondary">
                {t('changeChoices')}
              </ButtonLink>
            </div>
          </Card>
        )
      }
    </WithDonation>
  );
}
