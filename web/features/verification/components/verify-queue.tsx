import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  VERIFICATION_LIMITS,
  VERIFICATION_REASON_LABELS,
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
import { formatCount, plural } from '../../../lib/numbers';
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
  const legendId = useId();
  const errorId = useId();
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) {
          setError('Please choose why the tree is rejected.');
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
          Why is this tree rejected?
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
            <span>{VERIFICATION_REASON_LABELS[value]}</span>
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
          Cancel
        </Button>
        <Button variant="danger" type="submit" disabled={busy}>
          Reject tree
        </Button>
      </div>
    </form>
  );
}

/** How far the photo was taken from the registered point, flagged over 200 m. */
function Distance({ item }: { item: VerificationQueueItem }) {
  if (item.photoDistanceM === null)
    return <span className="text-base-content/70">Photo has no location</span>;
  const metres = `${formatCount(Math.round(item.photoDistanceM))} m`;
  return item.distanceFlagged ? (
    <span className="badge badge-warning h-auto gap-1 py-1" data-testid="distance-flag">
      Photo taken {metres} away (over {VERIFICATION_LIMITS.flagDistanceM} m)
    </span>
  ) : (
    <span>Photo taken {metres} from the tree’s point</span>
  );
}

function QueueCard({ item }: { item: VerificationQueueItem }) {
  const decide = useDecideVerification();
  const modal = useModal();
  const title = `${item.species.label} · ${plural(item.plants, 'plant')}`;
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
          alt={`Photo of the ${item.species.label} planted by ${item.planter.name}`}
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
          <dt className="font-semibold">Planter</dt>
          <dd>{item.planter.name}</dd>
          <dt className="font-semibold">Place</dt>
          <dd>{item.location || 'No place named'}</dd>
          {item.drive && (
            <>
              <dt className="font-semibold">Drive</dt>
              <dd>
                <Link className="link" to={`/app/delive-detail/${item.drive.id}`}>
                  {item.drive.name}
                </Link>
              </dd>
            </>
          )}
          <dt className="font-semibold">Planted</dt>
          <dd>{formatDate(item.plantedAt)}</dd>
          <dt className="font-semibold">Photo</dt>
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
                title: `Reject ${item.species.label}`,
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
            Reject
          </Button>
          <Button disabled={decide.isPending} onClick={() => void run({ decision: 'verified' })}>
            Verify
          </Button>
        </div>
      </div>
    </li>
  );
}

/** /app/verify: the trees waiting for the caller's decision, with Verify and Reject. */
export function VerifyQueue() {
  const queue = useVerificationQueue();
  if (queue.isPending) return <LoadingState label="Loading trees to verify…" />;
  if (queue.isError)
    return (
      <LoadErrorCard
        message={failureMessage(queue.error, 'The trees to verify could not be loaded just now.')}
        onRetry={() => void queue.refetch()}
      />
    );
  const first = queue.data.pages[0]!;
  const items = queue.data.pages.flatMap((p) => p.data);
  const waiting = `${formatCount(first.waiting)}${first.waitingMore ? '+' : ''}`;
  return (
    <TitledSection title="Trees waiting for you">
      <p>
        <span className="text-2xl font-bold" data-testid="verify-waiting">
          {waiting}
        </span>{' '}
        {first.waiting === 1 && !first.waitingMore ? 'tree waits' : 'trees wait'} for your decision.
      </p>
      {!first.canVerify ? (
        <EmptyState>
          Trees are verified by the organiser of the drive where they were planted, the
          organisation’s owners and admins, and the nursery that supplied the saplings. None of your
          drives or saplings have trees yet.
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState>Nothing to verify right now. New trees with a photo will show here.</EmptyState>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Trees to verify">
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
          Load more
        </Button>
      )}
    </TitledSection>
  );
}
