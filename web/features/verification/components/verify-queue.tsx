import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast';
import {
  VERIFICATION_LIMITS,
  VERIFICATION_REJECTION_REASONS,
  type VerificationQueueItem,
  type VerificationRejectionReason,
} from '../../../../contract/tree-verification';
import { Button } from '../../../components/ui/button';
import { useModal } from '../../../components/ui/modal';
import { Photo } from '../../../components/ui/photo';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { TitledSection } from '../../../components/ui/titled-section';
import { failureMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useT } from '../../../i18n/use-t';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { verificationMessages } from '../messages';
import { useDecideVerification, useVerificationQueue } from '../api';

/** The reason picker of a rejection: a labelled group of radios, then Reject or Cancel. */
function RejectForm({
  onReject,
  onCancel,
}: {
  onReject: (reason: VerificationRejectionReason) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<VerificationRejectionReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT(verificationMessages);
  const legendId = useId();
  const errorId = useId();
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) {
          setError(t('reject.choose'));
          return;
        }
        setBusy(true);
        void onReject(reason).finally(() => setBusy(false));
      }}
    >
      <fieldset
        className="flex flex-col gap-2"
        aria-labelledby={legendId}
        aria-describedby={error ? errorId : undefined}
      >
        <legend id={legendId} className="mb-2 font-semibold">
          {t('reject.legend')}
        </legend>
        {VERIFICATION_REJECTION_REASONS.map((value) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name="reason"
              className="radio radio-primary"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setError(null);
              }}
            />
            <span>{t(`reason.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className="text-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} type="button">
          {t('reject.cancel')}
        </Button>
        <Button variant="danger" type="submit" disabled={busy}>
          {t('reject.submit')}
        </Button>
      </div>
    </form>
  );
}

/** How far the photo was taken from the registered point, flagged over 200 m. */
function Distance({ item }: { item: VerificationQueueItem }) {
  const t = useT(verificationMessages);
  if (item.photoDistanceM === null)
    return <span className="text-base-content/70">{t('distance.none')}</span>;
  const metres = Math.round(item.photoDistanceM);
  return item.distanceFlagged ? (
    <span className="badge badge-warning h-auto gap-1 py-1" data-testid="distance-flag">
      {t('distance.flagged', { metres, limit: VERIFICATION_LIMITS.flagDistanceM })}
    </span>
  ) : (
    <span>{t('distance.near', { metres })}</span>
  );
}

function QueueCard({ item }: { item: VerificationQueueItem }) {
  const decide = useDecideVerification();
  const modal = useModal();
  const t = useT(verificationMessages);
  const locale = useIntlLocale();
  const title = t('card.title', { species: item.species.label, plants: item.plants });
  const run = (body: { decision: 'verified' | 'rejected'; reason?: VerificationRejectionReason }) =>
    decide
      .mutateAsync({ treeId: item.id, ...body })
      .then((answer) => toast.success(answer.message))
      .catch((error: unknown) => toast.error(failureMessage(error)));
  return (
    <li
      className="card card-border bg-base-100 sm:card-side"
      data-testid="verify-item"
      aria-label={title}
    >
      <figure className="sm:w-48">
        <Photo
          src={item.photoUrl}
          alt={t('card.photoAlt', { species: item.species.label, planter: item.planter.name })}
          className="h-48 w-full sm:h-full"
        />
      </figure>
      <div className="card-body gap-2 p-4">
        <h3 className="card-title text-lg">
          <Link className="link" to={`/app/trees/${item.id}`}>
            {title}
          </Link>
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">{t('card.planter')}</dt>
          <dd>{item.planter.name}</dd>
          <dt className="font-semibold">{t('card.place')}</dt>
          <dd>{item.location || t('card.noPlace')}</dd>
          {item.drive && (
            <>
              <dt className="font-semibold">{t('card.drive')}</dt>
              <dd>
                <Link className="link" to={`/app/delive-detail/${item.drive.id}`}>
                  {item.drive.name}
                </Link>
              </dd>
            </>
          )}
          <dt className="font-semibold">{t('card.planted')}</dt>
          <dd>{formatDate(item.plantedAt, locale)}</dd>
          <dt className="font-semibold">{t('card.photo')}</dt>
          <dd>
            <Distance item={item} />
          </dd>
        </dl>
        <div className="card-actions mt-2 justify-end">
          <Button
            variant="secondary"
            disabled={decide.isPending}
            onClick={() =>
              modal.open({
                title: t('card.rejectTitle', { species: item.species.label }),
                size: 'sm',
                body: (close) => (
                  <RejectForm
                    onCancel={close}
                    onReject={(reason) => run({ decision: 'rejected', reason }).then(close)}
                  />
                ),
              })
            }
          >
            {t('card.reject')}
          </Button>
          <Button disabled={decide.isPending} onClick={() => void run({ decision: 'verified' })}>
            {t('card.verify')}
          </Button>
        </div>
      </div>
    </li>
  );
}

/** /app/verify: the trees waiting for the caller's decision, with Verify and Reject. */
export function VerifyQueue() {
  const queue = useVerificationQueue();
  const t = useT(verificationMessages);
  if (queue.isPending) return <LoadingState label={t('queue.loading')} />;
  if (queue.isError)
    return (
      <LoadErrorCard
        message={failureMessage(queue.error, t('queue.failed'))}
        onRetry={() => void queue.refetch()}
      />
    );
  const first = queue.data.pages[0]!;
  const items = queue.data.pages.flatMap((p) => p.data);
  const waiting = t(first.waitingMore ? 'queue.waitingMore' : 'queue.waiting', {
    count: first.waiting,
  });
  return (
    <TitledSection title={t('queue.heading')}>
      <p>
        <span className="text-2xl font-bold" data-testid="verify-waiting">
          {waiting}
        </span>{' '}
        {t('queue.treesWait', { count: first.waitingMore ? first.waiting + 1 : first.waiting })}
      </p>
      {!first.canVerify ? (
        <EmptyState>{t('queue.cannot')}</EmptyState>
      ) : items.length === 0 ? (
        <EmptyState>{t('queue.empty')}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t('queue.list')}>
          {items.map((item) => (
            <QueueCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      {queue.hasNextPage && (
        <Button
          variant="secondary"
          disabled={queue.isFetchingNextPage}
          onClick={() => void queue.fetchNextPage()}
        >
          {t('queue.more')}
        </Button>
      )}
    </TitledSection>
  );
}
