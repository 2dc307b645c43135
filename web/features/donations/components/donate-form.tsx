import { useId, useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import {
  DONATION_CASH_TILES,
  DONATION_LIMITS,
  DONATION_MESSAGES,
  DONATION_TREE_TILES,
  type DonationOptions,
} from '../../../../contract/donations';
import { currencyDigits } from '../../../../contract/money';
import type { Drive } from '../../../../contract/drives';
import type { RecurringInterval } from '../../../../contract/recurring-gifts';
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
import { rich } from '../../../i18n/use-t';
import { goToCheckout } from '../checkout-url';
import type { DonationsT } from '../messages';
import { useDonationWords } from '../words';
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
  const { t } = useDonationWords();
  if (options.isError)
    return (
      <LoadErrorCard
        message={failureMessage(options.error, t('options.loadFailed'))}
        onRetry={() => void options.refetch()}
      />
    );
  if (!options.data || drive.isLoading) return <LoadingState label={t('options.loading')} />;
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
const INTERVALS = ['once', 'month', 'year'] as const;
const isInterval = (value: string): value is (typeof INTERVALS)[number] =>
  (INTERVALS as readonly string[]).includes(value);

/** What Pay says: "Pay $12.50" once, "Give 5 trees every month" for a recurring gift. */
function payLabel(
  t: DonationsT,
  interval: RecurringInterval | null,
  gift: string,
  total: string,
  hasTotal: boolean,
): string {
  if (interval)
    return gift === '—'
      ? t('pay.recurringNoGift', { interval })
      : t('pay.recurring', { gift, interval });
  return hasTotal ? t('pay.once', { total }) : t('pay.onceNoTotal');
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
function giftWords(
  values: DonateFormValues,
  options: DonationOptions,
  words: ReturnType<typeof useDonationWords>,
): string {
  const request = toDonationRequest(values, options.currency);
  if (request.kind === 'trees')
    return request.trees !== undefined && Number.isFinite(request.trees)
      ? words.trees(request.trees)
      : '—';
  return request.amount !== undefined && Number.isFinite(request.amount)
    ? words.money(request.amount, options.currency)
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
  const words = useDonationWords();
  const { t, money } = words;
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
  const price = money(pricing.treePrice, pricing.currency);
  const min = money(options.minAmount, options.currency);
  const max = money(options.maxAmount, options.currency);
  const { kind, tile } = readChoice(values.choice);
  const total = totalOf(values, pricing);
  const totalWords = total === null ? '—' : money(total, pricing.currency);
  const category = values.category
    ? words.category(values.category)
    : kind === 'trees'
      ? t('category.Trees')
      : t('form.categoryDefault', { category: t('generalFund') });
  const totalLine = (testId?: string) =>
    rich(
      interval
        ? t('form.totalRecurring', { total: totalWords, interval })
        : t('form.total', { total: totalWords }),
      {
        strong: (text) => <strong data-testid={testId}>{text}</strong>,
      },
    );

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
        const message = failureMessage(error, t('form.startFailed'));
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
  const gift = giftWords(values, pricing, words);

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
            {t('form.title')}
          </h2>
          {options.testMode ? (
            <p className="alert alert-info" role="note">
              {t('form.testMode')}
            </p>
          ) : null}
          {notice ? (
            <p className="alert alert-warning" role="alert">
              {notice}
            </p>
          ) : null}

          <div className="flex flex-col gap-4">
            <TileGroup
              legend={t('form.howOften')}
              registration={intervalRegistration}
              error={intervalError}
              errorId={intervalErrorId}
              options={INTERVALS.map((value) => ({ value, label: t(`interval.${value}`) }))}
            />
            <ChoiceError id={intervalErrorId} error={intervalError} />
            {interval ? (
              <p className={`${fieldHintText} -mt-2`} data-testid="recurring-hint">
                {t('form.recurringHint', { interval })}
              </p>
            ) : null}
            <TileGroup
              legend={
                nursery
                  ? t('form.treesLegendNursery', { price, nursery: nursery.name })
                  : t('form.treesLegend', { price })
              }
              registration={choiceRegistration}
              error={choiceError}
              errorId={choiceErrorId}
              options={[
                ...DONATION_TREE_TILES.map((n) => ({
                  value: `trees:${n}`,
                  label: words.trees(n),
                })),
                { value: 'trees:other', label: t('form.otherNumber') },
              ]}
            />
            <TileGroup
              legend={t('form.cashLegend', { min, max })}
              registration={choiceRegistration}
              error={choiceError}
              errorId={choiceErrorId}
              options={[
                ...DONATION_CASH_TILES.map((n) => ({
                  value: `cash:${n}`,
                  label: money(n * 10 ** currencyDigits(options.currency), options.currency),
                })),
                { value: 'cash:other', label: t('form.otherAmount') },
              ]}
            />
            <ChoiceError id={choiceErrorId} error={choiceError} />
            {kind === 'trees' && tile === null ? (
              <TextField
                label={t('form.treeCount')}
                {...form.field('trees')}
                hint={
                  nursery
                    ? t('form.treeCountHintNursery', {
                        price,
                        nursery: nursery.name,
                        count: options.maxTrees,
                      })
                    : t('form.treeCountHint', { price, count: options.maxTrees })
                }
                type="number"
                inputMode="numeric"
                min={1}
                max={options.maxTrees}
                step={1}
              />
            ) : null}
            {kind === 'cash' && tile === null ? (
              <TextField
                label={t('form.amount', { currency: options.currency })}
                {...form.field('amount')}
                hint={t('form.amountHint', { min, max })}
                inputMode="decimal"
                autoComplete="transaction-amount"
              />
            ) : null}
            <p className="text-lg" aria-live="polite" data-testid="donation-total">
              {totalLine()}
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
              {interval ? t('form.moreRecurring') : t('form.more')}
            </summary>
            <div className="mt-4 flex flex-col gap-5">
              {interval ? null : (
                <>
                  <SelectField
                    label={t('form.category')}
                    {...form.field('category')}
                    placeholder={t('form.categoryPlaceholder')}
                    options={options.categories.map((c) => ({
                      ...c,
                      label: words.category(c.value),
                    }))}
                  />
                  <TextAreaField
                    label={t('form.message')}
                    {...form.field('message')}
                    rows={3}
                    maxLength={DONATION_LIMITS.messageMax}
                  />
                </>
              )}
              <CheckboxField
                {...form.register('showName')}
                aria-describedby="show-name-hint"
                label={<span className="font-semibold">{t('form.showName')}</span>}
              />
              <p id="show-name-hint" className={`${fieldHintText} -mt-4`}>
                {t('form.showNameHint')}
              </p>
            </div>
          </details>

          <div className="card-actions justify-end lg:hidden">
            <Button onClick={() => void toReview()}>{t('form.continue')}</Button>
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
            {t('review.title')}
          </h2>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
            <dt className={mutedText}>{t('review.gift')}</dt>
            <dd className="font-semibold" data-testid="review-gift">
              {gift}
            </dd>
            <dt className={mutedText}>{t('review.howOften')}</dt>
            <dd data-testid="review-interval">
              {t(`interval.${isInterval(values.interval) ? values.interval : 'once'}`)}
            </dd>
            <dt className={mutedText}>{t('review.givenTo')}</dt>
            <dd className="break-words" data-testid="review-recipient">
              {interval ? (
                <OrganisationName id={values.organisationId} />
              ) : (
                <ReviewRecipient driveId={values.driveId} preselected={preselected} />
              )}
            </dd>
            {interval ? null : (
              <>
                <dt className={mutedText}>{t('review.category')}</dt>
                <dd>{category}</dd>
              </>
            )}
            {!interval && values.message.trim() ? (
              <>
                <dt className={mutedText}>{t('review.message')}</dt>
                <dd className="break-words">{values.message.trim()}</dd>
              </>
            ) : null}
            <dt className={mutedText}>{t('review.name')}</dt>
            <dd>{values.showName ? t('review.shown') : t('review.hidden')}</dd>
          </dl>
          <p className="text-lg">{totalLine('review-total')}</p>
          {interval ? <p className={`text-sm ${mutedText}`}>{t('review.recurringNote')}</p> : null}
          {refusal ? (
            <p className="alert alert-error" role="alert">
              {refusal}
            </p>
          ) : null}
          <div className="card-actions flex-col items-stretch gap-2">
            <Button
              type="submit"
              block
              busy={form.formState.isSubmitting}
              busyLabel={t('review.starting')}
            >
              {payLabel(t, interval, gift, totalWords, total !== null)}
            </Button>
            <Button variant="ghost" block className="lg:hidden" onClick={choose}>
              {t('changeChoices')}
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
  const { t } = useDonationWords();
  if (!driveId) return <>{t('generalFund')}</>;
  if (preselected?.id === driveId) return <>{preselected.driveName}</>;
  return <>{drive.data?.driveName ?? '…'}</>;
}
