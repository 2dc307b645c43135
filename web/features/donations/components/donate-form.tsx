import { useId, useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import {
  DEFAULT_CATEGORY,
  DONATION_CASH_TILES,
  DONATION_LIMITS,
  DONATION_MESSAGES,
  DONATION_TREE_TILES,
  type DonationOptions,
} from '../../../../contract/donations';
import { currencyDigits, formatMoney } from '../../../../contract/money';
import type { Drive } from '../../../../contract/drives';
import {
  RECURRING_INTERVAL_LABELS,
  type RecurringInterval,
} from '../../../../contract/recurring-gifts';
import { Button } from '../../../components/ui/button';
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/ui/form-field';
import { fieldHintText } from '../../../components/ui/form-field';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { errorOf, useContractForm } from '../../../components/ui/use-contract-form';
import {
  isMissing,
  useCreateDonation,
  useCreateRecurring,
  useDonationOptions,
  useDriveChoice,
} from '../api';
import { GiftRecipientFields, giftFieldErrors } from './gift-recipient-fields';
import {
  donateFormSchema,
  EMPTY_DONATE_FORM,
  giftField,
  isRecurringRequest,
  readChoice,
  recurringIntervalOf,
  toDonationRequest,
  type DonateFormValues,
  type DonateRequest,
} from '../donate-form-schema';
import { plural } from '../../../lib/numbers';
import { goToCheckout } from '../checkout-url';
import { GENERAL_FUND } from '../format';
import { refusedField } from './donation-states';
import { failureMessage } from '../../../lib/api-client';
import { DrivePicker } from './drive-picker';
import { OrganisationName, OrganisationPicker } from './organisation-picker';
import { ChoiceError, TileGroup } from './fields';

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

const DONATE_FIELDS = [
  'driveId',
  'organisationId',
  'interval',
  'choice',
  'trees',
  'amount',
  'category',
  'message',
] as const;

/** "How often" (issue 22): once, or a recurring gift. */
const INTERVAL_TILES = [
  { value: 'once', label: 'Once' },
  { value: 'month', label: 'Every month' },
  { value: 'year', label: 'Every year' },
] as const;
const INTERVAL_WORDS: Record<string, string> = {
  once: 'Once',
  month: 'Every month',
  year: 'Every year',
};

/** What Pay says: "Pay $12.50" once, "Give 5 trees every month" for a recurring gift. */
function payLabel(
  interval: RecurringInterval | null,
  gift: string,
  total: string,
  hasTotal: boolean,
): string {
  if (interval) {
    const every = RECURRING_INTERVAL_LABELS[interval];
    return gift === '—' ? `Give ${every}` : `Give ${gift} ${every}`;
  }
  return hasTotal ? `Pay ${total}` : 'Pay';
}

/** The total the values stand for at this price, or "—" while the count or amount is unreadable. */
function totalOf(values: DonateFormValues, options: DonationOptions): number | null {
  const request = toDonationRequest(values, options.currency);
  const minor =
    request.kind === 'trees'
      ? request.trees === undefined
        ? undefined
        : request.trees * options.treePrice
      : request.amount;
  return minor !== undefined && Number.isFinite(minor) ? minor : null;
}

/** What the gift is, in words: "5 trees" or "$25.00". */
function giftWords(values: DonateFormValues, options: DonationOptions): string {
  const request = toDonationRequest(values, options.currency);
  if (request.kind === 'trees')
    return request.trees !== undefined && Number.isFinite(request.trees)
      ? plural(request.trees, 'tree')
      : '—';
  return request.amount !== undefined && Number.isFinite(request.amount)
    ? formatMoney(request.amount, options.currency)
    : '—';
}

/**
 * Donate (issue 19 §7): choose (how often, tiles for trees or cash, the drive, the optional gift
 * section, more options folded away) → review & pay. On a phone these are two screens (Continue,
 * then Pay); from 1024 px wide the review sits beside the choices and Pay is one click away. Pay
 * starts the donation and goes straight to the payment page. "Every month" or "every year"
 * (issue 22) makes it a recurring gift: to the general fund, not a dated drive, without the gift
 * to someone, category or message; its first payment is made on the same payment page.
 */
export function DonateForm({
  options,
  preselected,
  notice,
  giftSection,
}: {
  options: DonationOptions;
  preselected?: Drive | undefined;
  /** Why the drive from the address is not chosen (unknown or past). */
  notice?: string | undefined;
  /** The optional "a gift to someone" section (issue 19 §5), shown after the drive picker. */
  giftSection?: ReactNode;
}) {
  const create = useCreateDonation();
  const createRecurring = useCreateRecurring();
  const [refusal, setRefusal] = useState<string>();
  const [step, setStep] = useState<'choose' | 'review'>('choose');
  const choiceErrorId = useId();
  const intervalErrorId = useId();
  // A drive a partner nursery supplies prices its trees at that nursery's sapling price; the
  // schema checks a tree gift's total at the chosen drive's price.
  const [driveId, setDriveId] = useState(preselected?.id ?? '');
  const forDrive = useDonationOptions(driveId || undefined).data;
  // How often, kept here too: a recurring gift goes to the general fund (or an organisation), so
  // it has the base price, never a drive's nursery price.
  const [often, setOften] = useState(EMPTY_DONATE_FORM.interval);
  const interval = recurringIntervalOf({ interval: often });
  const nursery = driveId && !interval ? forDrive?.nursery : null;
  const pricing = nursery && forDrive ? forDrive : options;
  const schema = useMemo(() => donateFormSchema(pricing), [pricing]);
  const form = useContractForm<DonateFormValues, DonateRequest>(schema, {
    ...EMPTY_DONATE_FORM,
    driveId: preselected?.id ?? '',
  });
  const values = useWatch({ control: form.control }) as DonateFormValues;
  const price = formatMoney(pricing.treePrice, pricing.currency);
  const min = formatMoney(options.minAmount, options.currency);
  const max = formatMoney(options.maxAmount, options.currency);
  const { kind, tile } = readChoice(values.choice);
  const total = totalOf(values, pricing);
  const totalWords = total === null ? '—' : formatMoney(total, pricing.currency);
  const category =
    values.category ||
    (kind === 'trees' ? DEFAULT_CATEGORY.trees : `${DEFAULT_CATEGORY.cash} (default)`);

  const choose = () => {
    setStep('choose');
    window.scrollTo?.({ top: 0 });
  };
  const submit = form.handleSubmit(
    async (request) => {
      setRefusal(undefined);
      try {
        const answer = isRecurringRequest(request)
          ? await createRecurring.mutateAsync(request)
          : await create.mutateAsync(request);
        goToCheckout(answer.data.checkoutUrl);
      } catch (error) {
        const message = failureMessage(
          error,
          'Your donation could not be started. Please try again.',
        );
        // Beside the field the server named (a drive that has just started, say), else above Pay.
        const named = refusedField(error, DONATE_FIELDS);
        const field = named === 'trees' || named === 'amount' ? giftField(values) : named;
        if (field) {
          choose();
          form.setError(field, { message }, { shouldFocus: true });
        } else setRefusal(message);
      }
    },
    () => choose(),
  );
  const toReview = async () => {
    setRefusal(undefined);
    if (await form.trigger(undefined, { shouldFocus: true })) {
      setStep('review');
      window.scrollTo?.({ top: 0 });
    }
  };

  const choiceRegistration = form.register('choice', {
    onChange: () => {
      form.clearErrors(['choice', 'trees', 'amount']);
    },
  });
  const choiceError = errorOf(form, 'choice');
  const intervalRegistration = form.register('interval', {
    onChange: (event: { target: { value: string } }) => {
      setOften(event.target.value);
      form.clearErrors(['interval', 'choice', 'trees', 'amount', 'driveId', 'organisationId']);
    },
  });
  const intervalError = errorOf(form, 'interval');
  const gift = giftWords(values, pricing);

  return (
    <form
      className="mx-auto grid w-full max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
      noValidate
      aria-labelledby="donate-heading"
      onSubmit={(event) => void submit(event)}
    >
      <section
        className={`${sectionCard} ${step === 'review' ? 'hidden lg:flex' : ''}`}
        aria-labelledby="donate-heading"
        data-testid="donate-choose"
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

          <div className="flex flex-col gap-4">
            <TileGroup
              legend="How often"
              registration={intervalRegistration}
              error={intervalError}
              errorId={intervalErrorId}
              options={INTERVAL_TILES}
            />
            <ChoiceError id={intervalErrorId} error={intervalError} />
            {interval ? (
              <p className={`${fieldHintText} -mt-2`} data-testid="recurring-hint">
                Charged {RECURRING_INTERVAL_LABELS[interval]} from today until you pause or cancel
                it in Settings → Billing.
              </p>
            ) : null}
            <TileGroup
              legend={`Trees (${price} each${nursery ? `, grown by ${nursery.name}` : ''})`}
              registration={choiceRegistration}
              error={choiceError}
              errorId={choiceErrorId}
              options={[
                ...DONATION_TREE_TILES.map((n) => ({
                  value: `trees:${n}`,
                  label: plural(n, 'tree'),
                })),
                { value: 'trees:other', label: 'Other number' },
              ]}
            />
            <TileGroup
              legend={`Cash (${min} to ${max})`}
              registration={choiceRegistration}
              error={choiceError}
              errorId={choiceErrorId}
              options={[
                ...DONATION_CASH_TILES.map((n) => ({
                  value: `cash:${n}`,
                  label: formatMoney(n * 10 ** currencyDigits(options.currency), options.currency),
                })),
                { value: 'cash:other', label: 'Other amount' },
              ]}
            />
            <ChoiceError id={choiceErrorId} error={choiceError} />
            {kind === 'trees' && tile === null ? (
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
            ) : null}
            {kind === 'cash' && tile === null ? (
              <TextField
                label={`Amount (${options.currency})`}
                {...form.field('amount')}
                hint={`From ${min} to ${max}.`}
                inputMode="decimal"
                autoComplete="transaction-amount"
              />
            ) : null}
            <p className="text-lg" aria-live="polite" data-testid="donation-total">
              Total: <strong>{totalWords}</strong>
              {interval ? ` ${RECURRING_INTERVAL_LABELS[interval]}` : null}
            </p>
          </div>

          {interval ? (
            <OrganisationPicker
              registration={form.register('organisationId')}
              chosen={values.organisationId}
              error={errorOf(form, 'organisationId') ?? errorOf(form, 'driveId')}
              driveLeftOut={Boolean(values.driveId)}
            />
          ) : (
            <DrivePicker
              registration={form.register('driveId', {
                onChange: (event: { target: { value: string } }) => setDriveId(event.target.value),
              })}
              error={errorOf(form, 'driveId')}
              preselected={preselected}
            />
          )}

          {/* Issue 19 §5: the optional gift-to-someone section goes here (one-off gifts only). */}
          {interval ? null : giftSection}
          {kind === 'trees' && !interval ? (
            <GiftRecipientFields
              value={values.gift ?? null}
              onChange={(next) => form.setValue('gift', next, { shouldDirty: true })}
              errors={giftFieldErrors(form.formState.errors.gift)}
              today={new Date().toISOString().slice(0, 10)}
            />
          ) : null}

          <details
            className="rounded-box border border-base-content/20 p-4"
            data-testid="more-options"
          >
            <summary className="cursor-pointer font-semibold">
              {interval ? 'Name (optional)' : 'Category, message and name (optional)'}
            </summary>
            <div className="mt-4 flex flex-col gap-5">
              {interval ? null : (
                <>
                  <SelectField
                    label="Category"
                    {...form.field('category')}
                    placeholder={`Default: ${DEFAULT_CATEGORY.trees} for trees, ${DEFAULT_CATEGORY.cash} for cash`}
                    options={options.categories}
                  />
                  <TextAreaField
                    label="Message (optional)"
                    {...form.field('message')}
                    rows={3}
                    maxLength={DONATION_LIMITS.messageMax}
                  />
                </>
              )}
              <CheckboxField
                {...form.register('showName')}
                aria-describedby="show-name-hint"
                label={<span className="font-semibold">Show my name with this donation</span>}
              />
              <p id="show-name-hint" className={`${fieldHintText} -mt-4`}>
                Untick to give anonymously: your name is then never shown to others.
              </p>
            </div>
          </details>

          <div className="card-actions justify-end lg:hidden">
            <Button onClick={() => void toReview()}>Continue</Button>
          </div>
        </div>
      </section>

      <section
        className={`${sectionCard} lg:sticky lg:top-4 ${step === 'choose' ? 'hidden lg:flex' : ''}`}
        aria-labelledby="review-heading"
        data-testid="donation-review"
      >
        <div className="card-body gap-4">
          <h2 id="review-heading" className="card-title text-xl">
            Review and pay
          </h2>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
            <dt className={mutedText}>Your gift</dt>
            <dd className="font-semibold" data-testid="review-gift">
              {gift}
            </dd>
            <dt className={mutedText}>How often</dt>
            <dd data-testid="review-interval">{INTERVAL_WORDS[values.interval] ?? 'Once'}</dd>
            <dt className={mutedText}>Given to</dt>
            <dd className="break-words" data-testid="review-recipient">
              {interval ? (
                <OrganisationName id={values.organisationId} />
              ) : (
                <ReviewRecipient driveId={values.driveId} preselected={preselected} />
              )}
            </dd>
            {interval ? null : (
              <>
                <dt className={mutedText}>Category</dt>
                <dd>{category}</dd>
              </>
            )}
            {!interval && values.message.trim() ? (
              <>
                <dt className={mutedText}>Message</dt>
                <dd className="break-words">{values.message.trim()}</dd>
              </>
            ) : null}
            <dt className={mutedText}>Name</dt>
            <dd>{values.showName ? 'Shown' : 'Hidden (anonymous)'}</dd>
          </dl>
          <p className="text-lg">
            Total: <strong data-testid="review-total">{totalWords}</strong>
            {interval ? ` ${RECURRING_INTERVAL_LABELS[interval]}` : null}
          </p>
          {interval ? (
            <p className={`text-sm ${mutedText}`}>
              The first payment is made now; later ones are charged automatically. Pause, change or
              cancel any time in Settings → Billing.
            </p>
          ) : null}
          {refusal ? (
            <p className="alert alert-error" role="alert">
              {refusal}
            </p>
          ) : null}
          <div className="card-actions flex-col items-stretch gap-2">
            <Button type="submit" block busy={form.formState.isSubmitting} busyLabel="Starting…">
              {payLabel(interval, gift, totalWords, total !== null)}
            </Button>
            <Button variant="ghost" block className="lg:hidden" onClick={choose}>
              Change choices
            </Button>
          </div>
        </div>
      </section>
    </form>
  );
}

/** The chosen drive's name (from the picker's cache or the preselected one), or the general fund. */
function ReviewRecipient({
  driveId,
  preselected,
}: {
  driveId: string;
  preselected?: Drive | undefined;
}) {
  const drive = useDriveChoice(driveId && driveId !== preselected?.id ? driveId : undefined);
  if (!driveId) return <>{GENERAL_FUND}</>;
  if (preselected?.id === driveId) return <>{preselected.driveName}</>;
  return <>{drive.data?.driveName ?? '…'}</>;
}
