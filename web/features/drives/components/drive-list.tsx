import { useId } from 'react';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { Button } from '../../../components/ui/button';
import { MoreButton } from '../../../components/ui/more-button';
import { mutedText } from '../../../components/ui/looks';
import { useDriveList } from '../api';
import { hasNarrowing, rangeError, type DriveFilters } from '../filters';
import { useT } from '../../../i18n/use-t';
import { drivesMessages } from '../messages';
import { DriveCard } from './drive-card';
import { failureMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../components/ui/status-cards';
import { useDeferredReady } from '../../../lib/use-deferred-ready';

/** Plantations as cards, a page at a time, with the total and "Load more". */
export function DriveList({ filters, onClear }: { filters: DriveFilters; onClear: () => void }) {
  const headingId = useId();
  const t = useT(drivesMessages);
  const { view: _view, ...listFilters } = filters;
  const blocked = Boolean(rangeError(filters));
  const list = useDriveList(listFilters, !blocked);
  const pages = list.data?.pages ?? [];
  const drives = pages.flatMap((page) => page.data);
  const total = pages[0]?.total ?? 0;
  const heading = filters.when === 'past' ? t('list.past') : t('list.upcoming');

  const answered = useDeferredReady(!list.isPending);
  let body;
  if (blocked) body = null;
  else if (!answered) body = <LoadingState label={t('list.loading')} />;
  else if (list.isError && drives.length === 0)
    body = (
      <LoadErrorCard
        message={failureMessage(list.error, t('list.failed'))}
        onRetry={() => void list.refetch()}
      />
    );
  else if (drives.length === 0)
    body = hasNarrowing(filters) ? (
      <EmptyState
        action={
          <Button variant="secondary" onClick={onClear}>
            {t('filters.clear')}
          </Button>
        }
      >
        {filters.when === 'past' ? t('list.noMatchPast') : t('list.noMatchUpcoming')}
      </EmptyState>
    ) : (
      <EmptyState>
        {filters.when === 'past' ? t('list.nonePast') : t('list.noneUpcoming')}
      </EmptyState>
    );
  else
    body = (
      <>
        <ul
          className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={list.isPlaceholderData || undefined}
        >
          {drives.map((drive, i) => (
            <li key={drive.id}>
              {/* The first card's photo is usually the largest paint on a phone: not lazy. */}
              <DriveCard drive={drive} priority={i === 0} />
            </li>
          ))}
        </ul>
        <MoreButton pages={list} label={t('list.loadMore')} centered />
      </>
    );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {heading}
        </h2>
        {!blocked && answered && !list.isError ? (
          <p className={`text-sm ${mutedText}`} aria-live="polite" data-testid="drive-total">
            {drives.length < total
              ? t('list.showing', { shown: drives.length, total })
              : t('count.drives', { count: total })}
          </p>
        ) : null}
      </div>
      {body}
    </section>
  );
}
