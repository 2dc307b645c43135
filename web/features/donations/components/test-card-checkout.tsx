import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  DONATION_MESSAGES,
  TEST_CARDS,
  testPaymentRequestSchema,
  type Donation,
  type TestPaymentRequest,
} from '../../../../contract/donations';
import type { RecurringGift } from '../../../../contract/recurring-gifts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useRecurringGifts, useTestPayment } from '../api';
import { cancelPath, DONATE_PATH, successPath } from '../format';
import { useDonationWords } from '../words';
import { refusedField, TestModeBanner } from './donation-states';
import { failureMessage } from '../../../lib/api-client';
import { TryAgainButton, WithDonation } from './with-donation';

type CardValues = z.input<typeof testPaymentRequestSchema>;
const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
const CARDS = [
  [spaced(TEST_CARDS.pays), 'card.pays'],
  [spaced(TEST_CARDS.declined), 'card.declined'],
  [spaced(TEST_CARDS.insufficientFunds), 'card.insufficient'],
] as const;

/** /app/checkout-tree?donation=<id>: the built-in test provider's card page. */
export function TestCardCheckout({ donationId }: { donationId: string | null }) {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <TestModeBanner />
      <WithDonation id={donationId}>
        {(donation) => <CardStep key={donation.id} donation={donation} />}
      </WithDonation>
    </div>
  );
}

function TestCardsHint() {
  const { t } = useDonationWords();
  return (
    <div className="rounded-box bg-base-200 p-4 text-sm" data-testid="test-cards">
      <p className="font-semibold">{t('card.testCards')}</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {CARDS.map(([number, what]) => (
          <li key={number}>
            <span className="font-mono">{number}</span> {t(what)}
          </li>
        ))}
      </ul>
      <p className={`mt-1 ${mutedText}`}>{t('card.testCardsHint')}</p>
    </div>
  );
}

/**
 * On a recurring gift's first period (issue 22): this payment starts the monthly or yearly gift,
 * and later periods are charged automatically.
 */
function RecurringNote({ gift }: { gift: RecurringGift | undefined }) {
  const { t } = useDonationWords();
  return (
    <p className="alert alert-info" role="note" data-testid="recurring-note">
      {gift ? t(`card.recurringNote.${gift.interval}`) : t('card.recurringNote')}
    </p>
  );
}

function CardStep({ donation }: { donation: Donation }) {
  const navigate = useNavigate();
  const words = useDonationWords();
  const { t } = words;
  // A recurring gift's first period: the gift says how often, and which organisation it is for.
  const recurring = useRecurringGifts({ enabled: Boolean(donation.subscriptionId) });
  const gift = recurring.data?.data.find((g) => g.id === donation.subscriptionId);
  const pay = useTestPayment();
  // The server's refusal, kept here so it still shows once the donation has turned failed.
  const [refusal, setRefusal] = useState<string>();
  const form = useContractForm<CardValues, TestPaymentRequest>(testPaymentRequestSchema, {
    donationId: donation.id,
    cardNumber: '',
    expiry: '',
    cvc: '',
  });
  const submit = form.handleSubmit(async (request) => {
    setRefusal(undefined);
    try {
      await pay.mutateAsync(request);
      void navigate(successPath(donation.id));
    } catch (error) {
      const message = failureMessage(error, t('card.failed'));
      const field = refusedField(error, CARD_FIELDS);
      if (field) form.setError(field, { message }, { shouldFocus: true });
      else setRefusal(message);
    }
  });

  const heading = (
    <div className="flex flex-col gap-1">
      <h2 id="card-heading" className="card-title text-2xl">
        {t('card.pay', { amount: words.amount(donation) })}
      </h2>
      <p className={mutedText}>
        {t('card.donationTo', {
          recipient: gift?.organisation?.name ?? words.recipient(donation),
        })}
      </p>
    </div>
  );
  const recurringNote = donation.subscriptionId ? <RecurringNote gift={gift} /> : null;

  if (donation.status !== 'pending')
    return (
      <section className={sectionCard} aria-labelledby="card-heading">
        <div className="card-body items-start gap-4">
          {heading}
          {donation.status === 'paid' ? (
            <>
              <p>{t('card.alreadyPaid')}</p>
              <ButtonLink to={successPath(donation.id)}>{t('seeReceipt')}</ButtonLink>
            </>
          ) : (
            <>
              <p className="alert alert-error" role="alert" data-testid="payment-refusal">
                {refusal ?? donation.failureReason ?? DONATION_MESSAGES.notPending}
              </p>
              {donation.subscriptionId ? (
                <>
                  <p>{t('card.recurringNotStarted')}</p>
                  <ButtonLink to={DONATE_PATH}>{t('startAgain')}</ButtonLink>
                </>
              ) : (
                <>
                  <p>{t('card.attemptEnded')}</p>
                  <TryAgainButton donation={donation} next="card" />
                </>
              )}
            </>
          )}
        </div>
      </section>
    );

  return (
    <form
      className={sectionCard}
      noValidate
      aria-labelledby="card-heading"
      onSubmit={(event) => void submit(event)}
    >
      <div className="card-body gap-4">
        {heading}
        {recurringNote}
        <TestCardsHint />
        <TextField
          label={t('card.number')}
          {...form.field('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('card.expiry')}
            {...form.field('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('card.expiryPlaceholder')}
            maxLength={7}
          />
          <TextField
            label={t('card.cvc')}
            {...form.field('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
          />
        </div>
        {refusal ? (
          <p className="alert alert-error" role="alert" data-testid="payment-refusal">
            {refusal}
          </p>
        ) : null}
        <div className="card-actions items-center justify-end gap-3">
          <ButtonLink to={cancelPath(donation.id)} variant="ghost">
            {t('cancel')}
          </ButtonLink>
          <Button type="submit" busy={form.formState.isSubmitting} busyLabel={t('card.paying')}>
            {t('card.pay', { amount: words.amount(donation) })}
          </Button>
        </div>
      </div>
    </form>
  );
}
