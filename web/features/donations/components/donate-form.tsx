import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  DONATION_LIMITS,
  DONATION_MESSAGES,
  type CreateDonationRequest,
  type DonationOptions,
} from '../../../../contract/donations';
import { formatMoney } from '../../../../contract/money';
import type { Drive } from '../../../../contract/drives';
import { Button } from '../../../components/ui/button';
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/ui/form-field';
import { fieldHintText } from '../../../components/ui/form-field';
import { sectionCard } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { errorOf, useContractForm } from '../../../components/ui/use-contract-form';
import { isMissing, useCreateDonation, useDonationOptions, useDriveChoice } from '../api';
import {
  donateFormSchema,
  EMPTY_DONATE_FORM,
  toMinorUnits,
  toTreeCount,
  type DonateFormValues,
} from '../donate-form-schema';
import { plural } from '../../../lib/numbers';
import { checkoutPath } from '../format';
import { refusedField } from './donation-states';
import { failureMessage } from '../../../lib/api-client';
import { DrivePicker } from './drive-picker';
import { RadioGroup } from './fields';

/**
 * Donate Tree: loads the server's prices and limits (and the drive named in `?drive=`), then the
 * form. Nothing about prices or limits is known before the options answer.
 */
export function DonateTree({ driveId }: { driveId?: string | undefined }) {
  const options = useDonationOptions();
  const drive = useDriveChoice(driveId);
  if (options.isError)
    return (
      <LoadErrorCard
        message={failureMessage(options.error, 'Donation options could not be loaded just now.')}
        onRetry={() => void options.refetch()}
      />
    );
  if (!options.data || drive.isLoading) return <LoadingState label="Loading donation options…" />;
  let notice: string | undefined;
  if (driveId && drive.isError)
    notice = isMissing(drive.error) ? DONATION_MESSAGES.driveUnknown : failureMessage(drive.error);
  else if (drive.data?.isPast) notice = DONATION_MESSAGES.drivePast;
  const preselected = drive.data && !drive.data.isPast ? drive.data : undefined;
  return <DonateForm options={options.data} preselected={preselected} notice={notice} />;
}

const DONATE_FIELDS = ['driveId', 'kind', 'trees', 'amount', 'category', 'message'] as const;

function totalText(values: DonateFormValues, options: DonationOptions): string {
  if (values.kind === 'trees') {
    const trees = toTreeCount(values.trees);
    return trees !== undefined && Number.isFinite(trees)
      ? formatMoney(trees * options.treePrice, options.currency)
      : '—';
  }
  const amount = toMinorUnits(values.amount, options.currency);
  return amount !== undefined && Number.isFinite(amount)
    ? formatMoney(amount, options.currency)
    : '—';
}

export function DonateForm({
  options,
  preselected,
  notice,
}: {
  options: DonationOptions;
  preselected?: Drive | undefined;
  /** Why the drive from the address is not chosen (unknown or past). */
  notice?: string | undefined;
}) {
  const navigate = useNavigate();
  const create = useCreateDonation();
  const [refusal, setRefusal] = useState<string>();
  const schema = useMemo(() => donateFormSchema(options), [options]);
  const form = useContractForm<DonateFormValues, CreateDonationRequest>(schema, {
    ...EMPTY_DONATE_FORM,
    driveId: preselected?.id ?? '',
  });
  const values = useWatch({ control: form.control }) as DonateFormValues;
  // A drive a partner nursery supplies prices its trees at that nursery's sapling price.
  const forDrive = useDonationOptions(values.driveId || undefined).data;
  const nursery = values.driveId ? forDrive?.nursery : null;
  const pricing = nursery && forDrive ? forDrive : options;
  const price = formatMoney(pricing.treePrice, pricing.currency);
  const min = formatMoney(options.minAmount, options.currency);
  const max = formatMoney(options.maxAmount, options.currency);

  const submit = form.handleSubmit(async (request) => {
    setRefusal(undefined);
    try {
      const answer = await create.mutateAsync(request);
      void navigate(checkoutPath(answer.data.donation));
    } catch (error) {
      const message = failureMessage(
        error,
        'Your donation could not be started. Please try again.',
      );
      // Beside the field the server named (a drive that has just started, say), else above Send.
      const field = refusedField(error, DONATE_FIELDS);
      if (field) form.setError(field, { message }, { shouldFocus: true });
      else setRefusal(message);
    }
  });

  return (
    <form
      className={`${sectionCard} mx-auto w-full max-w-3xl`}
      noValidate
      aria-labelledby="donate-heading"
      onSubmit={(event) => void submit(event)}
    >
      <div className="card-body gap-6">
        <h2 id="donate-heading" className="card-title text-2xl">
          Donate trees or cash
        </h2>
        {options.testMode ? (
          <p className="alert alert-info" role="note">
            Test mode: you will pay with a test card and no real card is charged.
          </p>
        ) : null}
        {notice ? (
          <p className="alert alert-warning" role="alert">
            {notice}
          </p>
        ) : null}

        <DrivePicker
          registration={form.register('driveId')}
          error={errorOf(form, 'driveId')}
          preselected={preselected}
        />

        <RadioGroup
          legend="What you give"
          registration={form.register('kind')}
          error={errorOf(form, 'kind')}
          options={[
            { value: 'trees', label: 'Trees', detail: `${price} per tree, planted for you` },
            { value: 'cash', label: 'Cash', detail: `Any amount from ${min} to ${max}` },
          ]}
        />

        {values.kind === 'trees' ? (
          <TextField
            label="Number of trees"
            {...form.field('trees')}
            hint={`${price} per tree${nursery ? `, saplings grown by ${nursery.name}` : ''}; up to ${plural(options.maxTrees, 'tree')} at once.`}
            type="number"
            inputMode="numeric"
            min={1}
            max={options.maxTrees}
            step={1}
          />
        ) : (
          <TextField
            label={`Amount (${options.currency})`}
            {...form.field('amount')}
            hint={`From ${min} to ${max}.`}
            inputMode="decimal"
            autoComplete="transaction-amount"
          />
        )}

        <p className="text-lg" aria-live="polite" data-testid="donation-total">
          Total: <strong>{totalText(values, pricing)}</strong>
        </p>

        <SelectField
          label="Category"
          {...form.field('category')}
          placeholder="Choose a category"
          options={options.categories}
        />
        <TextAreaField
          label="Message (optional)"
          {...form.field('message')}
          rows={3}
          maxLength={DONATION_LIMITS.messageMax}
        />
        <CheckboxField
          {...form.register('showName')}
          aria-describedby="show-name-hint"
          label={<span className="font-semibold">Show my name with this donation</span>}
        />
        <p id="show-name-hint" className={`${fieldHintText} -mt-4`}>
          Untick to give anonymously: your name is then never shown to others.
        </p>

        {refusal ? (
          <p className="alert alert-error" role="alert">
            {refusal}
          </p>
        ) : null}
        <div className="card-actions justify-end">
          <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Starting…">
            Continue to checkout
          </Button>
        </div>
      </div>
    </form>
  );
}
