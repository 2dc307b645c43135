import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { DRIVE_UPDATES_ANCHOR } from '../../../../contract/drive-updates';
import { Button } from '../../../components/ui/button';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { useDriveUpdates } from '../api';
import { driveUpdatesMessages } from '../messages';
import { DriveUpdateForm } from './drive-update-form';
import { DriveUpdateItem } from './drive-update-item';

/**
 * A drive's "Field updates": news from its organiser side and supplying nurseries, newest first,
 * and the form to post one for those the server says may (`canPost`).
 */
export function DriveUpdatesPanel({ driveId }: { driveId: string }) {
  const updates = useDriveUpdates(driveId);
  const t = useT(driveUpdatesMessages);
  const pages = updates.data?.pages;
  const list = pages?.flatMap((page) => page.data) ?? [];
  const canPost = pages?.[0]?.canPost ?? false;
  // A notice links to `#field-updates`: once the updates are here, the section comes into view.
  const { hash } = useLocation();
  const loaded = pages !== undefined;
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (loaded && hash === `#${DRIVE_UPDATES_ANCHOR}`)
      sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  return (
    <section
      ref={sectionRef}
      id={DRIVE_UPDATES_ANCHOR}
      className={`${sectionCard} scroll-mt-20`}
      aria-labelledby="drive-updates-heading"
    >
      <div className="card-body gap-4">
        <h3 id="drive-updates-heading" className="card-title text-lg">
          {t('title')}
        </h3>
        {canPost ? <DriveUpdateForm driveId={driveId} /> : null}
        {pages ? (
          list.length ? (
            <div className="flex flex-col gap-4" data-testid="drive-update-list">
              {list.map((update) => (
                <DriveUpdateItem key={update.id} update={update} />
              ))}
              {updates.hasNextPage ? (
                <div>
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={updates.isFetchingNextPage}
                    onClick={() => void updates.fetchNextPage()}
                  >
                    {t('showOlder')}
                  </Button>
                </div>
              ) : null}
            </div>
          ) : (
            <p className={mutedText}>{canPost ? t('emptyPoster') : t('emptyReader')}</p>
          )
        ) : updates.isError ? (
          <div className="flex flex-wrap items-center gap-3" role="alert">
            <p>{failureMessage(updates.error, t('failed'))}</p>
            <Button variant="secondary" size="sm" onClick={() => void updates.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <p className="flex items-center gap-2" role="status">
            <Spinner className="text-primary" /> {t('loading')}
          </p>
        )}
      </div>
    </section>
  );
}
