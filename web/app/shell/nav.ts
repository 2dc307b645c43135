import { FOREST_PATH, VERIFY_PATH } from '../../../contract/app-paths';
import { dashboardRouteFor } from '../../../contract/session';
import type { ShellKey } from '../messages';

export type NavIcon =
  | 'myForest'
  | 'dashboard'
  | 'myPlantations'
  | 'plantations'
  | 'donate'
  | 'registration'
  | 'myTrees'
  | 'treesMap'
  | 'verify'
  | 'profile'
  | 'calendar'
  | 'transactions'
  | 'billing'
  | 'team'
  | 'stock'
  | 'gettingStarted'
  | 'charts'
  | 'features'
  | 'components'
  | 'integration'
  | 'help'
  | 'documentation';

export interface NavItem {
  /** The shell namespace's key of the item's name. */
  label: ShellKey;
  to: string;
  icon: NavIcon;
}

/** Spec group "Settings" (an expandable submenu); Team for corporate accounts and their team members. */
export function settingsItems(profileType: string, inTeam = false): NavItem[] {
  return [
    { label: 'nav.profile', to: '/app/settings-profile', icon: 'profile' },
    ...(profileType === 'corporate' || inTeam
      ? [{ label: 'nav.team', to: '/app/settings-team', icon: 'team' } as const]
      : []),
    { label: 'nav.billing', to: '/app/settings-billing', icon: 'billing' },
    { label: 'nav.transactions', to: '/app/transactions', icon: 'transactions' },
  ];
}

/**
 * Spec group "General"; Dashboard goes to the user's own dashboard (the one they sign in to).
 * Individual members see My forest first: the trees they registered and their gifts planted.
 * Nurseries also manage their sapling stock; a team member also sees the organisation's dashboard.
 */
export function generalItems(profileType: string, inTeam = false): NavItem[] {
  return [
    ...(profileType === 'individual'
      ? [{ label: 'nav.myForest', to: FOREST_PATH, icon: 'myForest' } as const]
      : []),
    { label: 'nav.dashboard', to: dashboardRouteFor(profileType), icon: 'dashboard' },
    ...(profileType === 'nursery'
      ? [{ label: 'nav.stock', to: '/app/nursery-stock', icon: 'stock' } as const]
      : []),
    ...(profileType !== 'corporate' && inTeam
      ? [{ label: 'nav.teamDashboard', to: '/app/corporate-dashboard', icon: 'team' } as const]
      : []),
    { label: 'nav.myPlantations', to: '/app/mydelive-event', icon: 'myPlantations' },
    { label: 'nav.plantations', to: '/app/delive-event', icon: 'plantations' },
    { label: 'nav.calendar', to: '/app/calendar', icon: 'calendar' },
    { label: 'nav.donate', to: '/app/donate-tree', icon: 'donate' },
    { label: 'nav.registration', to: '/app/tree-registeration', icon: 'registration' },
    { label: 'nav.myTrees', to: '/app/my-trees', icon: 'myTrees' },
    { label: 'nav.treesMap', to: '/app/trees-map', icon: 'treesMap' },
    // Issue 21 §2: organisers, their teams and nurseries verify the trees of their drives.
    ...(profileType === 'corporate' || profileType === 'nursery' || inTeam
      ? [{ label: 'nav.verify', to: VERIFY_PATH, icon: 'verify' } as const]
      : []),
  ];
}

/** Where the sidebar's one Help entry leads (issue 23): the help page listing what follows. */
export const HELP_PATH = '/app/help';

export interface HelpItem extends NavItem {
  /** One line on what the page is for (a shell namespace key). */
  about: ShellKey;
}

/**
 * Help and tools around the app, gathered on the Help page (the sidebar holds one Help entry, not
 * a Resources group of five links): onboarding, what Canopy does, the community's charts, the
 * public documentation, and the calendar feed, exports, API and tokens.
 */
export const HELP_ITEMS: readonly HelpItem[] = [
  {
    label: 'help.gettingStarted',
    to: '/app/getting-started',
    icon: 'gettingStarted',
    about: 'help.gettingStarted.about',
  },
  {
    label: 'help.features',
    to: '/app/features',
    icon: 'features',
    about: 'help.features.about',
  },
  {
    label: 'help.charts',
    to: '/app/charts',
    icon: 'charts',
    about: 'help.charts.about',
  },
  {
    label: 'help.documentation',
    to: '/documentation',
    icon: 'documentation',
    about: 'help.documentation.about',
  },
  {
    label: 'help.integration',
    to: '/app/integration',
    icon: 'integration',
    about: 'help.integration.about',
  },
];

/** For developers, not members: kept off the sidebar, linked from Help's developer section. */
export const DEVELOPER_ITEMS: readonly HelpItem[] = [
  {
    label: 'help.components',
    to: '/app/components',
    icon: 'components',
    about: 'help.components.about',
  },
];

/** Whether a path lies inside one of the items (the item itself or a page below it). */
export const isInside = (pathname: string, items: readonly NavItem[]) =>
  items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

export const APP_VERSION = 'v1.0';
