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
import {
  RECURRING_INTERVAL_LABELS,
  type RecurringGift,
} from '../../../../contract/recurring-gifts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useContractForm } from '../../../components/ui/use-contract-form';
import { useRecurringGifts, useTestPayment } from '../api';
import { amountText, cancelPath, DONATE_PATH, recipientName, successPath } from '../format';
import { refusedField, TestModeBanner } from './donation-states';
import { failureMessage } from '../../../lib/api-client';
import { TryAgainButton, WithDonation } from './with-donation';

type CardValues = z.input<typeof testPaymentRequestSchema>;
const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

const spaced = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
const CARDS: Array<[string, string]> = [
  [spaced(TEST_CARDS.pays), 'pays'],
  [spaced(TEST_CARDS.declined), 'is declined'],
  [spaced(TEST_CARDS.insufficientFunds), 'has insufficient funds'],
];

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
  return (
    <div className="rounded-box bg-base-200 p-4 text-sm" data-testid="test-cards">
      <p className="font-semibold">Test cards</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {CARDS.map(([number, what]) => (
          <li key={number}>
            <span className="font-mono">{number}</span> {what}
          </li>
        ))}
      </ul>
      <p className={`mt-1 ${mutedText}`}>Use any future expiry date and any 3-digit CVC.</p>
    </div>
  );
}

/**
 * On a recurring gift's first period (issue 22): this payment starts the monthly or yearly gift,
 * and later periods are charged automatically.
 */
function RecurringNote({ gift }: { gift: RecurringGift | undefined }) {
  const every = gift ? RECURRING_INTERVAL_LABELS[gift.interval] : null;
  const kind = gift ? (gift.interval === 'month' ? 'monthly' : 'yearly') : 'recurring';
  return (
    <p className="alert alert-info" role="note" data-testid="recurring-note">
      This first payment starts your {kind} gift. Later payments are charged automatically
      {every ? ` ${every}` : ''} until you pause or cancel it in Settings → Billing.
    </p>
  );
}

function CardStep({ donation }: { donation: Donation }) {
  const navigate = useNavigate();
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
      const message = failureMessage(error, 'The payment could not be made. Please try again.');
      const field = refusedField(error, CARD_FIELDS);
      if (field) form.setError(field, { message }, { shouldFocus: true });
      else setRefusal(message);
    }
  });

  const heading = (
    <div className="flex flex-col gap-1">
      <h2 id="card-heading" className="card-title text-2xl">
        Pay {amountText(donation)}
      </h2>
      <p className={mutedText}>Donation to {gift?.organisation?.name ?? recipientName(donation)}</p>
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
              <p>This donation is already paid.</p>
              <ButtonLink to={successPath(donation.id)}>See your receipt</ButtonLink>
            </>
          ) : (
            <>
              <p className="alert alert-error" role="alert" data-testid="payment-refusal">
                {refusal ?? donation.failureReason ?? DONATION_MESSAGES.notPending}
              </p>
              {donation.subscriptionId ? (
                <>
                  <p>The recurring gift has not started. Start it again with another card.</p>
                  <ButtonLink to={DONATE_PATH}>Start again</ButtonLink>
                </>
              ) : (
                <>
                  <p>
                    This attempt has ended. Try again with another card; the same choices are kept.
                  </p>
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
          label="Card number"
          {...form.field('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Expiry (MM/YY)"
            {...form.field('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
          />
          <TextField
            label="CVC"
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
            Cancel
          </ButtonLink>
          <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Paying…">
            Pay {amountText(donation)}
          </Button>
        </div>
      </div>
    </form>
  );
}
