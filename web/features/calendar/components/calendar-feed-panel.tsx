import { useId, useRef } from 'react';
import { toast } from '../../../components/ui/toast';
import { useModal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useCalendarFeed, useRotateFeed } from '../api';
import { useT } from '../../../i18n/use-t';
import { calendarMessages } from '../messages';

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
  const t = useT(calendarMessages);

  const reset = async () => {
    const yes = await modal.confirm({
      title: t('feed.resetTitle'),
      message: t('feed.resetMessage'),
      confirmLabel: t('feed.resetConfirm'),
    });
    if (!yes) return;
    rotate.mutate(undefined, {
      onSuccess: () => toast.success(t('feed.resetDone')),
      onError: (error) => toast.error(failure(error, t('feed.resetFailed'))),
    });
  };

  return (
    <section className={sectionCard} aria-labelledby={`${id}-title`}>
      <div className="card-body gap-4">
        <h2 id={`${id}-title`} className="card-title text-lg">
          {t('feed.title')}
        </h2>
        <p className={mutedText} id={`${id}-help`}>
          {t('feed.help')}
        </p>
        {feed.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2">
            {failure(feed.error, t('feed.failed'))}
            <Button variant="secondary" size="sm" onClick={() => void feed.refetch()}>
              {t('feed.retry')}
            </Button>
          </p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-url`} className="text-sm font-semibold">
              {t('feed.label')}
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={`${id}-url`}
                ref={fieldRef}
                type="text"
                readOnly
                className="input w-full font-mono text-sm"
                value={feed.data ?? ''}
                placeholder={feed.isPending ? t('feed.loading') : undefined}
                aria-describedby={`${id}-help`}
                onFocus={(event) => event.currentTarget.select()}
                data-testid="feed-url"
              />
              <CopyButton
                text={feed.data}
                fieldRef={fieldRef}
                name={t('feed.copyName')}
                noun={t('feed.copyNoun')}
              />
            </div>
          </div>
        )}
        <div className="flex flex-col gap-2">
          <p className={`text-sm ${mutedText}`} id={`${id}-reset-help`}>
            {t('feed.resetHelp')}
          </p>
          <div>
            <Button
              variant="danger"
              onClick={() => void reset()}
              disabled={!feed.data}
              busy={rotate.isPending}
              aria-describedby={`${id}-reset-help`}
            >
              {t('feed.reset')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
