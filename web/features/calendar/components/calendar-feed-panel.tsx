import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { useModal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useCalendarFeed, useRotateFeed } from '../api';

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 && error.code !== 'BAD_RESPONSE'
    ? error.message
    : fallback;

/** "Subscribe in your calendar app": the personal iCal feed address, Copy, and Reset address. */
export function CalendarFeedPanel() {
  const id = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const modal = useModal();
  const feed = useCalendarFeed();
  const rotate = useRotateFeed();

  const reset = async () => {
    const yes = await modal.confirm({
      title: 'Reset calendar address',
      message:
        'You will get a new address. Calendar apps subscribed with the current one will stop receiving your drives until you subscribe again with the new address.',
      confirmLabel: 'Reset address',
    });
    if (!yes) return;
    rotate.mutate(undefined, {
      onSuccess: () =>
        toast.success('Your calendar address was reset. The old address no longer works.'),
      onError: (error) =>
        toast.error(failure(error, 'The address could not be reset. Please try again.')),
    });
  };

  return (
    <section className={sectionCard} aria-labelledby={`${id}-title`}>
      <div className="card-body gap-4">
        <h2 id={`${id}-title`} className="card-title text-lg">
          Subscribe in your calendar app
        </h2>
        <p className={mutedText} id={`${id}-help`}>
          Add this address to Google Calendar, Outlook or Apple Calendar (&ldquo;subscribe from
          URL&rdquo;) and your drives appear there and stay up to date. Keep it private: anyone with
          the address can see your drives.
        </p>
        {feed.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2">
            {failure(feed.error, 'Your calendar address could not be loaded just now.')}
            <Button variant="secondary" size="sm" onClick={() => void feed.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-url`} className="text-sm font-semibold">
              Your calendar address
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={`${id}-url`}
                ref={fieldRef}
                type="text"
                readOnly
                className="input w-full font-mono text-sm"
                value={feed.data ?? ''}
                placeholder={feed.isPending ? 'Loading…' : undefined}
                aria-describedby={`${id}-help`}
                onFocus={(event) => event.currentTarget.select()}
                data-testid="feed-url"
              />
              <CopyButton
                text={feed.data}
                fieldRef={fieldRef}
                name="Calendar address"
                noun="address"
              />
            </div>
          </div>
        )}
        <div className="flex flex-col gap-2">
          <p className={`text-sm ${mutedText}`} id={`${id}-reset-help`}>
            Shared the address by mistake? Reset it: the old address stops working at once.
          </p>
          <div>
            <Button
              variant="danger"
              onClick={() => void reset()}
              disabled={!feed.data}
              busy={rotate.isPending}
              aria-describedby={`${id}-reset-help`}
            >
              Reset address
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
