import { Button } from '../../components/ui/button';
import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { dashboardRouteFor } from '../../../contract/session';
import { Logo } from '../../components/ui/logo';
import { icons } from './icons';
import { useT } from '../../i18n/use-t';
import { commonMessages } from '../../i18n/common';
import { shellMessages } from '../messages';
import {
  APP_VERSION,
  DEVELOPER_ITEMS,
  generalItems,
  HELP_ITEMS,
  HELP_PATH,
  isInside,
  settingsItems,
  type NavItem,
} from './nav';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 ${isActive ? 'menu-active font-semibold' : ''}`;

function NavItemLink({ item }: { item: NavItem }) {
  const t = useT(shellMessages);
  return (
    <li>
      <NavLink to={item.to} className={linkClass} end>
        {icons[item.icon]}
        <span>{t(item.label)}</span>
      </NavLink>
    </li>
  );
}

/**
 * The one Help entry: the Help page, marked (not as the current page) while on one of the pages
 * it gathers, so the member sees where they are.
 */
function HelpLink({ pathname }: { pathname: string }) {
  const t = useT(shellMessages);
  const current = pathname === HELP_PATH;
  const inside = current || isInside(pathname, [...HELP_ITEMS, ...DEVELOPER_ITEMS]);
  return (
    <li>
      <Link
        to={HELP_PATH}
        className={`flex items-center gap-3 ${inside ? 'menu-active font-semibold' : ''}`}
        {...(current ? { 'aria-current': 'page' as const } : {})}
      >
        {icons.help}
        <span>{t('sidebar.help')}</span>
      </Link>
    </li>
  );
}

/**
 * The sidebar's content: logo, the General links, the Settings submenu, the one Help entry (getting
 * started, features, charts, documentation and integration sit on the Help page), and the version.
 * The same content sits in the desktop column and in the small-screen drawer.
 */
export function Sidebar({
  profileType,
  inTeam = false,
  onClose,
}: {
  profileType: string;
  /** Whether the member belongs to an organisation's team (not only as the organisation itself). */
  inTeam?: boolean;
  onClose?: () => void;
}) {
  const t = useT(shellMessages);
  const tc = useT(commonMessages);
  const { pathname } = useLocation();
  const generalId = useId();
  const settingsId = useId();
  const settingsListId = useId();
  const settings = settingsItems(profileType, inTeam);
  const insideSettings = isInside(pathname, settings);
  const [settingsOpen, setSettingsOpen] = useState(insideSettings);
  const [wasInside, setWasInside] = useState(insideSettings);
  // Arriving on a settings page opens the submenu by itself (state adjusted during render, not in an effect).
  if (insideSettings !== wasInside) {
    setWasInside(insideSettings);
    if (insideSettings) setSettingsOpen(true);
  }

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-start justify-between gap-2 px-4 pt-4 pb-2">
        <div>
          <Logo to={dashboardRouteFor(profileType)} />
          <p className="mt-1 text-xs text-base-content/80">{t('sidebar.tagline')}</p>
        </div>
        {onClose && (
          <Button variant="ghost" size="sm" icon aria-label={tc('menu.close')} onClick={onClose}>
            {icons.close}
          </Button>
        )}
      </div>
      <nav aria-label={t('sidebar.main')} className="flex-1 overflow-y-auto px-2 py-2">
        <h2
          id={generalId}
          className="px-4 pt-2 pb-1 text-xs font-semibold uppercase tracking-wider text-base-content/80"
        >
          {t('sidebar.general')}
        </h2>
        <ul className="menu w-full" aria-labelledby={generalId}>
          {generalItems(profileType, inTeam).map((item) => (
            <NavItemLink key={item.label} item={item} />
          ))}
        </ul>
        <h2
          id={settingsId}
          className="px-4 pt-4 pb-1 text-xs font-semibold uppercase tracking-wider text-base-content/80"
        >
          {t('sidebar.settings')}
        </h2>
        <ul className="menu w-full" aria-labelledby={settingsId}>
          <li>
            <button
              type="button"
              className="flex items-center gap-3"
              aria-expanded={settingsOpen}
              aria-controls={settingsListId}
              onClick={() => setSettingsOpen((open) => !open)}
            >
              {icons.settings}
              <span className="flex-1 text-left">{t('sidebar.settings')}</span>
              <span className={`transition-transform ${settingsOpen ? 'rotate-180' : ''}`}>
                {icons.chevron}
              </span>
            </button>
            <ul id={settingsListId} hidden={!settingsOpen}>
              {settings.map((item) => (
                <NavItemLink key={item.label} item={item} />
              ))}
            </ul>
          </li>
        </ul>
        <ul className="menu mt-2 w-full border-t border-base-300 pt-2">
          <HelpLink pathname={pathname} />
        </ul>
      </nav>
      <div className="px-6 py-4">
        <span className="badge badge-outline badge-sm" data-testid="app-version">
          {t('sidebar.version', { version: APP_VERSION })}
        </span>
      </div>
    </div>
  );
}
