import { Button } from '../../../components/ui/button';
import { useRightDrawer } from '../../../components/ui/right-drawer';
import { useT } from '../../../i18n/use-t';
import { useUnreadCount } from '../api';
import { notificationsMessages, type NotificationsT } from '../messages';
import { NotificationList } from './notification-list';
import { Icon } from '../../../components/ui/icon';

export const bellLabel = (unread: number, t: NotificationsT) =>
  unread > 0 ? t('bellUnread', { count: unread }) : t('bell');

/** The top bar's bell: the unread count, and the notifications in the right drawer. */
export function NotificationBell() {
  const unread = useUnreadCount().data ?? 0;
  const drawer = useRightDrawer();
  const t = useT(notificationsMessages);
  return (
    <Button
      variant="ghost"
      icon
      aria-label={bellLabel(unread, t)}
      aria-haspopup="dialog"
      title={t('bell')}
      onClick={() =>
        drawer.open({
          header: t('title'),
          body: <NotificationList onNavigate={drawer.close} />,
        })
      }
      data-testid="notification-bell"
    >
      <span className="indicator">
        <Icon round={false}>
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </Icon>
        {unread > 0 && (
          <span
            className="indicator-item badge badge-error badge-xs min-w-4 px-1"
            aria-hidden="true"
            data-testid="notification-count"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </span>
    </Button>
  );
}
