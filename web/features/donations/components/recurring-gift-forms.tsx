import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { currencyDigits, formatMoney } from '../../../../contract/money';
import type { RecurringGift, UpdateRecurringRequest } from '../../../../contract/recurring-gifts';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { fieldErrorText, TextField } from '../../../components/ui/form-field';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { errorOf, useContractForm } from '../../../components/ui/use-contract-form';
import { failureMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/numbers';
import { useDonationOptions, useUpdateRecurring } from '../api';
import { formatDay, recurringTitle } from '../format';
import {
  cancelFormSchema,
  changeDefaults,
  changeFormSchema,
  dayFrom,
  pauseFormSchema,
  type CancelValues,
  type ChangeValues,
  type PauseValues,
} from '../recurring-forms-schema';
import { refusedField } from './donation-states';
import { RadioGroup } from './fields';

/*
 * The dialogs that manage a recurring gift (issue 22): pause until a day, change the trees or
 * amount from the next period, cancel at the end of the period or now. Each sends one PATCH; the
 * server's message is the toast, and a refusal shows beside the field it names or under the form.
 */

type Done = () => void;

/** Sends one action; answers the refusal to show (or nothing once done). */
function useSend(gift: RecurringGift, onDone: Done) {
  const update = useUpdateRecurring();
  const [refusal, setRefusal] = useState<string>();
  const send = async (
    body: UpdateRecurringRequest,
    onFieldRefusal?: (field: string, message: string) => boolean,
  ) => {
    setRefusal(undefined);
    try {
      const answer = await update.mutateAsync({ id: gift.id, body });
      toast.success(answer.message);
      onDone();
    } catch (error) {
      const message = failureMessage(error, 'Your recurring gift could not be changed just now.');
      const field = refusedField(error, ['pauseUntil', 'trees', 'amount', 'cancel'] as const);
      if (!(field && onFieldRefusal?.(field, message))) setRefusal(message);
    }
  };
  return { send, refusal, busy: update.isPending };
}

function Footer({
  refusal,
  busy,
  submitLabel,
  cancelLabel = 'Cancel',
  danger = false,
  onCancel,
}: {
  refusal: string | undefined;
  busy: boolean;
  submitLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onCancel: Done;
}) {
  return (
    <>
      {refusal ? (
        <p className={fieldErrorText} role="alert" data-testid="recurring-refusal">
          {refusal}
        </p>
      ) : null}
      <div className="modal-action mt-0 flex-wrap">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          type="submit"
          variant={danger ? 'danger' : 'primary'}
          busy={busy}
          busyLabel="Saving…"
        >
          {submitLabel}
        </Button>
      </div>
    </>
  );
}

/** Pause until a day: nothing is charged before it. */
export function PauseForm({ gift, onDone }: { gift: RecurringGift; onDone: Done }) {
  const { send, refusal, busy } = useSend(gift, onDone);
  const today = new Date();
  const form = useContractForm<PauseValues, UpdateRecurringRequest>(pauseFormSchema, {
    pauseUntil: gift.pauseUntil ?? dayFrom(today, { months: gift.interval === 'month' ? 1 : 3 }),
  });
  const submit = form.handleSubmit((body) =>
    send(body, (_field, message) => {
      form.setError('pauseUntil', { message }, { shouldFocus: true });
      return true;
    }),
  );
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <p>
        {recurringTitle(gift)}: nothing is charged until the day you choose; then it carries on by
        itself.
      </p>
      <Controller
        control={form.control}
        name="pauseUntil"
        render={({ field }) => (
          <DateField
            label="Pause until"
            {...field}
            onChange={(value) => {
              form.clearErrors('pauseUntil');
              field.onChange(value);
            }}
            error={errorOf(form, 'pauseUntil')}
            min={dayFrom(today, { days: 1 })}
            max={dayFrom(today, { years: 1 })}
            hint="A day after today, at most a year away."
          />
        )}
      />
      <Footer refusal={refusal} busy={busy} submitLabel="Pause" onCancel={onDone} />
    </form>
  );
}

/** A new number of trees or amount, from the next period. */
export function ChangeForm({ gift, onDone }: { gift: RecurringGift; onDone: Done }) {
  const options = useDonationOptions();
  if (options.isError)
    return (
      <LoadErrorCard
        message={failureMessage(options.error, 'Donation options could not be loaded just now.')}
        onRetry={() => void options.refetch()}
      />
    );
  if (!options.data) return <LoadingState label="Loading donation options…" />;
  return <ChangeFields gift={gift} options={options.data} onDone={onDone} />;
}

function ChangeFields({
  gift,
  options,
  onDone,
}: {
  gift: RecurringGift;
  options: NonNullable<ReturnType<typeof useDonationOptions>['data']>;
  onDone: Done;
}) {
  const { send, refusal, busy } = useSend(gift, onDone);
  const form = useContractForm<ChangeValues, UpdateRecurringRequest>(
    changeFormSchema(gift, options),
    changeDefaults(gift, currencyDigits(options.currency)),
  );
  const submit = form.handleSubmit((body) =>
    send(body, (field, message) => {
      if (field !== 'trees' && field !== 'amount') return false;
      form.setError(field, { message }, { shouldFocus: true });
      return true;
    }),
  );
  const each = gift.interval === 'month' ? 'each month' : 'each year';
  const price = formatMoney(options.treePrice, options.currency);
  const min = formatMoney(options.minAmount, options.currency);
  const max = formatMoney(options.maxAmount, options.currency);
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <p>Now {recurringTitle(gift)}. The change applies from the next payment.</p>
      {gift.kind === 'trees' ? (
        <TextField
          label={`Trees ${each}`}
          {...form.field('trees')}
          type="number"
          inputMode="numeric"
          min={1}
          max={options.maxTrees}
          step={1}
          hint={`${price} per tree; up to ${plural(options.maxTrees, 'tree')}.`}
        />
      ) : (
        <TextField
          label={`Amount ${each} (${options.currency})`}
          {...form.field('amount')}
          inputMode="decimal"
          hint={`From ${min} to ${max}.`}
        />
      )}
      <Footer refusal={refusal} busy={busy} submitLabel="Save change" onCancel={onDone} />
    </form>
  );
}

/** Cancel at the end of the period that is paid, or now. */
export function CancelForm({ gift, onDone }: { gift: RecurringGift; onDone: Done }) {
  const { send, refusal, busy } = useSend(gift, onDone);
  const form = useContractForm<CancelValues, UpdateRecurringRequest>(cancelFormSchema, {
    cancel: 'period_end',
  });
  const submit = form.handleSubmit((body) => send(body));
  // Nothing paid yet: it simply ends, there is no period to wait for.
  if (gift.status === 'incomplete')
    return (
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send({ cancel: 'now' });
        }}
      >
        <p>
          {recurringTitle(gift)} has not started: its first payment was not made. Cancelling it
          charges nothing.
        </p>
        <Footer
          refusal={refusal}
          busy={busy}
          submitLabel="Cancel the gift"
          cancelLabel="Keep it"
          danger
          onCancel={onDone}
        />
      </form>
    );
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <RadioGroup
        legend={`When should ${recurringTitle(gift)} end?`}
        registration={form.register('cancel')}
        error={errorOf(form, 'cancel')}
        options={[
          {
            value: 'period_end',
            label: 'At the end of the period',
            detail: gift.nextAt
              ? `Nothing more is charged; the period paid for runs until ${formatDay(gift.nextAt)}.`
              : 'Nothing more is charged; the period paid for runs to its end.',
          },
          { value: 'now', label: 'Now', detail: 'It ends today and nothing more is charged.' },
        ]}
      />
      <Footer
        refusal={refusal}
        busy={busy}
        submitLabel="Cancel the gift"
        cancelLabel="Keep giving"
        danger
        onCancel={onDone}
      />
    </form>
  );
}
