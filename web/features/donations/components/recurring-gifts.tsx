import { useId, useState } from 'react';
import { toast } from '../../../components/ui/toast';
import type { RecurringGift, RecurringPeriod } from '../../../../contract/recurring-gifts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { fieldHintText } from '../../../components/ui/form-field';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useModal } from '../../../components/ui/modal';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { useT } from '../../../i18n/use-t';
import { failureMessage } from '../../../lib/api-client';
import { useRecurringGifts, useRecurringPortal, useUpdateRecurring } from '../api';
import { goToCheckout } from '../checkout-url';
import { DONATE_PATH, RECURRING_BADGE } from '../format';
import { givingMessages } from '../messages';
import { useDonationWords, useRecurringTitle } from '../words';
import { StatusBadge } from './donation-states';
import { ReceiptButton } from './receipt-button';
import { CancelForm, ChangeForm, PauseForm } from './recurring-gift-forms';

/**
 * Settings → Billing (issue 22): the member's recurring gifts, newest first, each a card with what
 * it gives and how often, its status, next payment, pause or end, a failed payment's reason, its
 * payments with receipts, and what can be done with it. With Stripe, "Manage cards and invoices"
 * opens its Customer Portal.
 */
export function RecurringGifts() {
  const list = useRecurringGifts();
  const t = useT(givingMessages);
  const answer = list.data;
  let body;
  if (!answer && list.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(list.error, t('recurring.loadFailed'))}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!answer) body = <LoadingState label={t('recurring.loading')} />;
  else if (!answer.data.length)
    body = (
      // Not the kit's EmptyState: the receipts below may show theirs on the same page.
      <div
        className="flex flex-wrap items-center justify-between gap-3 rounded-box border-2 border-dashed border-base-content/20 p-4"
        data-testid="recurring-empty"
      >
        <p className={mutedText}>{t('recurring.empty')}</p>
        <ButtonLink to={DONATE_PATH} size="sm" variant="secondary">
          {t('recurring.start')}
        </ButtonLink>
      </div>
    );
  else
    body = (
      <ul className="flex flex-col gap-4" data-testid="recurring-list">
        {answer.data.map((gift) => (
          <li key={gift.id}>
            <RecurringGiftCard gift={gift} portal={answer.portal} />
          </li>
        ))}
      </ul>
    );
  return (
    <section className={sectionCard} aria-labelledby="recurring-heading">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recurring-heading" className="card-title text-2xl">
            {t('recurring.title')}
          </h2>
          {answer?.portal ? <PortalButton /> : null}
        </div>
        {body}
      </div>
    </section>
  );
}

/** Opens the provider's Customer Portal (Stripe) to change the card and see invoices. */
function PortalButton() {
  const portal = useRecurringPortal();
  const t = useT(givingMessages);
  const open = () =>
    portal.mutate(undefined, {
      onSuccess: (answer) => goToCheckout(answer.data.url),
      onError: (error) => toast.error(failureMessage(error, t('portal.failed'))),
    });
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={portal.isPending}
      busyLabel={t('portal.opening')}
      onClick={open}
    >
      {t('portal.manage')}
    </Button>
  );
}

function RecurringBadge({ status }: { status: RecurringGift['status'] }) {
  const t = useT(givingMessages);
  return (
    <span
      className={`badge ${RECURRING_BADGE[status]} whitespace-nowrap`}
      data-testid="recurring-status"
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** One recurring gift: what, when, its state, its actions and its payments. */
export function RecurringGiftCard({ gift, portal }: { gift: RecurringGift; portal: boolean }) {
  const titleId = useId();
  const t = useT(givingMessages);
  const words = useDonationWords();
  const title = useRecurringTitle()(gift);
  const ended = gift.status === 'cancelled';
  // [test id, label, value]
  const facts: Array<[string, string, string]> = [];
  if (gift.kind === 'trees')
    facts.push(['each-payment', t('fact.eachPayment'), words.money(gift.amount, gift.currency)]);
  facts.push(['given-to', t('fact.givenTo'), gift.organisation?.name ?? words.t('generalFund')]);
  if (gift.status === 'paused' && gift.pauseUntil)
    facts.push(['paused-until', t('fact.pausedUntil'), words.calendarDay(gift.pauseUntil)]);
  // While paused the pause's end says when it is charged again.
  if (gift.nextAt && !ended && gift.status !== 'paused')
    facts.push(
      gift.cancelAtPeriodEnd
        ? ['ends-on', t('fact.endsOn'), words.day(gift.nextAt)]
        : ['next-payment', t('fact.nextPayment'), words.day(gift.nextAt)],
    );
  facts.push(['started', t('fact.started'), words.day(gift.createdAt)]);
  return (
    <article
      className="flex flex-col gap-3 rounded-box border border-base-content/20 p-4"
      aria-labelledby={titleId}
      data-testid="recurring-gift"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold break-words">
          {title}
        </h3>
        <RecurringBadge status={gift.status} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {facts.map(([id, term, value]) => (
          <div key={id} className="contents">
            <dt className={mutedText}>{term}</dt>
            <dd data-testid={`recurring-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {gift.status === 'incomplete' ? (
        <p className={`text-sm ${mutedText}`}>{t('recurring.incompleteHint')}</p>
      ) : null}
      {gift.failureReason && gift.status !== 'cancelled' ? (
        <div className="alert alert-error flex-col items-start gap-1" role="note">
          <p className="font-semibold">{gift.failureReason}</p>
          <p className="text-sm">
            {portal ? t('recurring.failurePortal') : t('recurring.failure')}
          </p>
        </div>
      ) : null}
      {ended ? null : <GiftActions gift={gift} title={title} />}
      {gift.interval === 'month' && !ended ? <YearlyStatementSwitch gift={gift} /> : null}
      <GiftHistory periods={gift.donations} currency={gift.currency} />
    </article>
  );
}

/**
 * Pause, Change, Cancel, Resume (or Keep giving, after a cancellation at the period end): the ones
 * that fit the gift's state. A gift waiting for its first payment can only be cancelled.
 */
function GiftActions({ gift, title }: { gift: RecurringGift; title: string }) {
  const modal = useModal();
  const t = useT(givingMessages);
  const update = useUpdateRecurring();
  const running = gift.status === 'active' || gift.status === 'past_due';
  const paused = gift.status === 'paused';
  const canChange = (running || paused) && !gift.cancelAtPeriodEnd;
  const canPause = gift.status === 'active' && !gift.cancelAtPeriodEnd;
  const open = (what: 'pause' | 'change' | 'cancel') =>
    modal.open({
      title:
        what === 'pause'
          ? t('actions.pauseTitle')
          : what === 'change'
            ? t('actions.changeTitle')
            : t('actions.cancelTitle'),
      body: (close) =>
        what === 'pause' ? (
          <PauseForm gift={gift} onDone={close} />
        ) : what === 'change' ? (
          <ChangeForm gift={gift} onDone={close} />
        ) : (
          <CancelForm gift={gift} onDone={close} />
        ),
    });
  // Resume ends a pause, and also takes back a cancellation set for the end of the period.
  const resumable = paused || gift.cancelAtPeriodEnd;
  const resume = () =>
    update.mutate(
      { id: gift.id, body: { resume: true } },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(failureMessage(error)),
      },
    );
  return (
    <div role="group" aria-label={t('actions.label', { title })} className="flex flex-wrap gap-2">
      {resumable ? (
        <Button
          size="sm"
          busy={update.isPending}
          busyLabel={t('actions.resuming')}
          onClick={resume}
        >
          {paused ? t('actions.resume') : t('actions.keepGiving')}
        </Button>
      ) : null}
      {canPause ? (
        <Button size="sm" variant="secondary" onClick={() => open('pause')}>
          {t('actions.pause')}
        </Button>
      ) : null}
      {canChange ? (
        <Button size="sm" variant="secondary" onClick={() => open('change')}>
          {t('actions.change')}
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => open('cancel')}>
        {t('actions.cancel')}
      </Button>
    </div>
  );
}

/** A monthly donor's choice: one yearly statement instead of a mail per payment. */
function YearlyStatementSwitch({ gift }: { gift: RecurringGift }) {
  const id = useId();
  const t = useT(givingMessages);
  const update = useUpdateRecurring();
  // Shown at once; the saved answer (or a refusal's refetch) settles it.
  const [shown, setShown] = useState<boolean | null>(null);
  const on = shown ?? gift.yearlyStatement;
  const change = (next: boolean) => {
    setShown(next);
    update.mutate(
      { id: gift.id, body: { yearlyStatement: next } },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(failureMessage(error)),
        onSettled: () => setShown(null),
      },
    );
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex cursor-pointer items-center gap-3">
        <input
          id={id}
          type="checkbox"
          role="switch"
          // The kit's checkbox look (daisyUI's toggle is left out of the CSS), read as a switch.
          className="checkbox checkbox-sm"
          checked={on}
          disabled={update.isPending}
          aria-describedby={`${id}hint`}
          onChange={(event) => change(event.target.checked)}
        />
        <span className="font-semibold">{t('yearly.label')}</span>
      </label>
      <p id={`${id}hint`} className={fieldHintText}>
        {t('yearly.hint')}
      </p>
    </div>
  );
}

/** The gift's payments, newest first, each with its status and receipt once paid. */
function GiftHistory({ periods, currency }: { periods: RecurringPeriod[]; currency: string }) {
  const t = useT(givingMessages);
  const words = useDonationWords();
  if (!periods.length) return <p className={`text-sm ${mutedText}`}>{t('history.none')}</p>;
  return (
    <details className="rounded-box bg-base-200 p-3" data-testid="recurring-history">
      <summary className="cursor-pointer text-sm font-semibold">
        {t('history.title', { count: words.count(periods.length) })}
      </summary>
      <ul className="mt-2 flex flex-col divide-y divide-base-content/10">
        {periods.map((period) => (
          <li
            key={period.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
            data-testid="recurring-period"
          >
            <div className="flex flex-col text-sm">
              <span className="font-semibold">{words.day(period.paidAt ?? period.createdAt)}</span>
              <span className={mutedText}>
                {[
                  period.trees > 0 ? words.trees(period.trees) : null,
                  words.money(period.amount, currency),
                  period.receiptNumber,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
            <div className="flex items-center gap-2">
              <StatusBadge status={period.status} />
              {period.status === 'paid' && period.receiptNumber ? (
                <ReceiptButton donation={period} size="sm" label={t('history.receipt')} named />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
