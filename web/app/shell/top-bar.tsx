import { Button } from '../../components/ui/button';
import { useMemo } from 'react';
import type { CurrentUser } from '../../../contract/auth';
import { PageTitleHeading } from '../../components/ui/page-title';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import {
  profilePath,
  ProfileSearch,
  type SearchOption,
} from '../../features/people/components/profile-search';
import { useSavedLocale } from '../../i18n/locale';
import { useSaveLocale } from '../../i18n/use-save-locale';
import { icons } from './icons';
import { useT } from '../../i18n/use-t';
import { commonMessages } from '../../i18n/common';
import { shellMessages } from '../messages';
import { UserMenu } from './user-menu';

/** The top bar: menu button (small screens), page title, member search, theme, bell and account menu. */
export function TopBar({
  user,
  navOpen,
  navId,
  onOpenNav,
  onLogout,
  loggingOut,
}: {
  user: CurrentUser;
  navOpen: boolean;
  navId: string;
  onOpenNav: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  // The member's saved language wins over the browser's once their account has loaded.
  useSavedLocale(user.locale);
  const saveLocale = useSaveLocale();
  const t = useT(shellMessages);
  const tc = useT(commonMessages);
  // Spec: below 3 characters the search shows its default options; here, a few quick links.
  const quickLinks = useMemo<SearchOption[]>(
    () => [
      { id: 'me', label: t('search.me'), detail: `@${user.username}`, to: profilePath(user._id) },
      { id: 'settings', label: t('search.settings'), to: '/app/settings-profile' },
      { id: 'plantations', label: t('nav.plantations'), to: '/app/delive-event' },
      { id: 'my-plantations', label: t('nav.myPlantations'), to: '/app/mydelive-event' },
    ],
    [t, user._id, user.username],
  );

  return (
    <header className="flex flex-wrap items-center gap-x-2 gap-y-2 border-b border-base-300 bg-base-100 px-3 py-2 lg:px-6">
      <Button
        variant="ghost"
        icon
        className="lg:hidden"
        aria-label={tc('menu.open')}
        aria-haspopup="dialog"
        aria-expanded={navOpen}
        aria-controls={navId}
        onClick={onOpenNav}
        data-testid="menu-button"
      >
        {icons.menu}
      </Button>
      <PageTitleHeading className="flex-1" />
      <ProfileSearch
        defaultOptions={quickLinks}
        className="order-last w-full md:order-none md:w-64 xl:w-80"
      />
      <div className="flex items-center gap-1">
        <ThemeToggle />
        <NotificationBell />
        <UserMenu
          username={user.username}
          avatarSrc={user.file}
          onLogout={onLogout}
          loggingOut={loggingOut}
          onLocaleChange={(locale) => saveLocale.mutate(locale)}
        />
      </div>
    </header>
  );
}
