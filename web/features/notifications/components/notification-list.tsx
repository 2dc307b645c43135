import { Link } from 'react-router';
import type { Notification } from '../../../../contract/notifications';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api';
import { relativeTime } from '../../../lib/relative-time';
import { isInAppPath } from '../relative-time';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { notificationsMessages } from '../messages';

/**
 * The right drawer's body: newest first, unread ones marked, "Mark all as read" and "Load more".
 * `onNavigate` closes the drawer when a notification's link is followed.
 */
export function NotificationList({ onNavigate }: { onNavigate: () => void }) {
  const list = useNotifications();
  const markAll = useMarkAllRead();
  const t = useT(notificationsMessages);
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((page) => page.data);
  const unread = pages[0]?.unread ?? 0;

  if (list.isPending) {
    return (
      <p role="status" className="flex items-center gap-2">
        <Spinner />
        {t('loading')}
      </p>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="space-y-2">
        <p>{t('failed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-4" data-testid="notification-list">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm" aria-live="polite">
          {unread > 0 ? t('unread', { count: unread }) : t('caughtUp')}
        </p>
        {unread > 0 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => markAll.mutate()}
            busy={markAll.isPending}
          >
            {t('markAll')}
          </Button>
        )}
      </div>
      {items.length > 0 && (
        <ul className="divide-y divide-base-300">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          block
          onClick={() => void list.fetchNextPage()}
          busy={list.isFetchingNextPage}
          busyLabel={t('loadingMore')}
        >
          {t('loadMore')}
        </Button>
      )}
    </div>
  );
}

function NotificationItem({ item, onNavigate }: { item: Notification; onNavigate: () => void }) {
  const markRead = useMarkRead();
  const t = useT(notificationsMessages);
  const locale = useIntlLocale();
  const isUnread = item.readAt === null;
  const markIfUnread = () => {
    if (isUnread) markRead.mutate(item.id);
  };
  return (
    <li className="flex gap-3 py-3" data-testid="notification-item">
      <span
        className={`mt-2 h-2 w-2 shrink-0 rounded-full ${isUnread ? 'bg-primary' : 'bg-transparent'}`}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {isUnread && <span className="sr-only">{t('unreadPrefix')}</span>}
          {isInAppPath(item.link) ? (
            <Link
              to={item.link}
              className="link link-hover"
              onClick={() => {
                markIfUnread();
                onNavigate();
              }}
            >
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </p>
        <p className="text-sm text-base-content/80">{item.body}</p>
        <div className="mt-1 flex items-center gap-3">
          <time dateTime={item.createdAt} className="text-xs text-base-content/80">
            {relativeTime(item.createdAt, undefined, locale, t('justNow'))}
          </time>
          {isUnread && !isInAppPath(item.link) && (
            <Button variant="ghost" size="sm" onClick={markIfUnread} disabled={markRead.isPending}>
              {t('markRead')}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
