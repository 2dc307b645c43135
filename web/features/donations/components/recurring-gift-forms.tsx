import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from '../../../components/ui/toast';
import { currencyDigits } from '../../../../contract/money';
import type { RecurringGift, UpdateRecurringRequest } from '../../../../contract/recurring-gifts';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { fieldErrorText, TextField } from '../../../components/ui/form-field';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { errorOf, useContractForm } from '../../../components/ui/use-contract-form';
import { useT } from '../../../i18n/use-t';
import { failureMessage } from '../../../lib/api-client';
import { useDonationOptions, useUpdateRecurring } from '../api';
import { givingMessages } from '../messages';
import { useDonationWords, useRecurringTitle } from '../words';
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
  const t = useT(givingMessages);
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
      const message = failureMessage(error, t('form.changeFailed'));
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
  cancelLabel,
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
  const t = useT(givingMessages);
  return (
    <>
      {refusal ? (
        <p className={fieldErrorText} role="alert" data-testid="recurring-refusal">
          {refusal}
        </p>
      ) : null}
      <div className="modal-action mt-0 flex-wrap">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          variant={danger ? 'danger' : 'primary'}
          busy={busy}
          busyLabel={t('form.saving')}
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
  const t = useT(givingMessages);
  const title = useRecurringTitle()(gift);
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
      <p>{t('pause.intro', { title })}</p>
      <Controller
        control={form.control}
        name="pauseUntil"
        render={({ field }) => (
          <DateField
            label={t('pause.until')}
            {...field}
            onChange={(value) => {
              form.clearErrors('pauseUntil');
              field.onChange(value);
            }}
            error={errorOf(form, 'pauseUntil')}
            min={dayFrom(today, { days: 1 })}
            max={dayFrom(today, { years: 1 })}
            hint={t('pause.hint')}
          />
        )}
      />
      <Footer refusal={refusal} busy={busy} submitLabel={t('pause.submit')} onCancel={onDone} />
    </form>
  );
}

/** A new number of trees or amount, from the next period. */
export function ChangeForm({ gift, onDone }: { gift: RecurringGift; onDone: Done }) {
  const options = useDonationOptions();
  const t = useT(givingMessages);
  if (options.isError)
    return (
      <LoadErrorCard
        message={failureMessage(options.error, t('change.optionsFailed'))}
        onRetry={() => void options.refetch()}
      />
    );
  if (!options.data) return <LoadingState label={t('change.optionsLoading')} />;
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
  const t = useT(givingMessages);
  const { money } = useDonationWords();
  const title = useRecurringTitle()(gift);
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
  const interval = gift.interval;
  const price = money(options.treePrice, options.currency);
  const min = money(options.minAmount, options.currency);
  const max = money(options.maxAmount, options.currency);
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <p>{t('change.intro', { title })}</p>
      {gift.kind === 'trees' ? (
        <TextField
          label={t('change.trees', { interval })}
          {...form.field('trees')}
          type="number"
          inputMode="numeric"
          min={1}
          max={options.maxTrees}
          step={1}
          hint={t('change.treesHint', { price, count: options.maxTrees })}
        />
      ) : (
        <TextField
          label={t('change.amount', { interval, currency: options.currency })}
          {...form.field('amount')}
          inputMode="decimal"
          hint={t('change.amountHint', { min, max })}
        />
      )}
      <Footer refusal={refusal} busy={busy} submitLabel={t('change.submit')} onCancel={onDone} />
    </form>
  );
}

/** Cancel at the end of the period that is paid, or now. */
export function CancelForm({ gift, onDone }: { gift: RecurringGift; onDone: Done }) {
  const { send, refusal, busy } = useSend(gift, onDone);
  const t = useT(givingMessages);
  const { day } = useDonationWords();
  const title = useRecurringTitle()(gift);
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
        <p>{t('cancel.incomplete', { title })}</p>
        <Footer
          refusal={refusal}
          busy={busy}
          submitLabel={t('cancel.submit')}
          cancelLabel={t('cancel.keepIt')}
          danger
          onCancel={onDone}
        />
      </form>
    );
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
      <RadioGroup
        legend={t('cancel.legend', { title })}
        registration={form.register('cancel')}
        error={errorOf(form, 'cancel')}
        options={[
          {
            value: 'period_end',
            label: t('cancel.periodEnd'),
            detail: gift.nextAt
              ? t('cancel.periodEndUntil', { day: day(gift.nextAt) })
              : t('cancel.periodEndDetail'),
          },
          { value: 'now', label: t('cancel.now'), detail: t('cancel.nowDetail') },
        ]}
      />
      <Footer
        refusal={refusal}
        busy={busy}
        submitLabel={t('cancel.submit')}
        cancelLabel={t('cancel.keepGiving')}
        danger
        onCancel={onDone}
      />
    </form>
  );
}
