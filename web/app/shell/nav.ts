import { FOREST_PATH } from '../../../contract/forest';
import { dashboardRouteFor } from '../../../contract/session';
import { VERIFY_PATH } from '../../../contract/tree-verification';

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
  label: string;
  to: string;
  icon: NavIcon;
}

/** Spec group "Settings" (an expandable submenu); Team for corporate accounts and their team members. */
export function settingsItems(profileType: string, inTeam = false): NavItem[] {
  return [
    { label: 'Profile', to: '/app/settings-profile', icon: 'profile' },
    ...(profileType === 'corporate' || inTeam
      ? [{ label: 'Team', to: '/app/settings-team', icon: 'team' } as const]
      : []),
    { label: 'Billing', to: '/app/settings-billing', icon: 'billing' },
    { label: 'Transactions', to: '/app/transactions', icon: 'transactions' },
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
      ? [{ label: 'My forest', to: FOREST_PATH, icon: 'myForest' } as const]
      : []),
    { label: 'Dashboard', to: dashboardRouteFor(profileType), icon: 'dashboard' },
    ...(profileType === 'nursery'
      ? [{ label: 'Sapling stock', to: '/app/nursery-stock', icon: 'stock' } as const]
      : []),
    ...(profileType !== 'corporate' && inTeam
      ? [{ label: 'Team dashboard', to: '/app/corporate-dashboard', icon: 'team' } as const]
      : []),
    { label: 'My Plantations', to: '/app/mydelive-event', icon: 'myPlantations' },
    { label: 'Plantations', to: '/app/delive-event', icon: 'plantations' },
    { label: 'Calendar', to: '/app/calendar', icon: 'calendar' },
    { label: 'Donate Tree', to: '/app/donate-tree', icon: 'donate' },
    { label: 'Tree Registration', to: '/app/tree-registeration', icon: 'registration' },
    { label: 'My Trees', to: '/app/my-trees', icon: 'myTrees' },
    { label: 'Trees map', to: '/app/trees-map', icon: 'treesMap' },
    // Issue 21 §2: organisers, their teams and nurseries verify the trees of their drives.
    ...(profileType === 'corporate' || profileType === 'nursery' || inTeam
      ? [{ label: 'Verify trees', to: VERIFY_PATH, icon: 'verify' } as const]
      : []),
  ];
}

/** Where the sidebar's one Help entry leads (issue 23): the help page listing what follows. */
export const HELP_PATH = '/app/help';

export interface HelpItem extends NavItem {
  /** One line on what the page is for. */
  about: string;
}

/**
 * Help and tools around the app, gathered on the Help page (the sidebar holds one Help entry, not
 * a Resources group of five links): onboarding, what Canopy does, the community's charts, the
 * public documentation, and the calendar feed, exports, API and tokens.
 */
export const HELP_ITEMS: readonly HelpItem[] = [
  {
    label: 'Getting started',
    to: '/app/getting-started',
    icon: 'gettingStarted',
    about: 'Your first steps, ticked off as you do them.',
  },
  {
    label: 'Features',
    to: '/app/features',
    icon: 'features',
    about: 'Everything Canopy does, each with a link to where it lives.',
  },
  {
    label: 'Charts',
    to: '/app/charts',
    icon: 'charts',
    about: "The community's drives, trees and donations over time.",
  },
  {
    label: 'Documentation',
    to: '/documentation',
    icon: 'documentation',
    about: 'How Canopy works, how impact is estimated, and the answers to common questions.',
  },
  {
    label: 'Integration',
    to: '/app/integration',
    icon: 'integration',
    about: 'The calendar feed, data exports, the API reference and your API tokens.',
  },
];

/** For developers, not members: kept off the sidebar, linked from Help's developer section. */
export const DEVELOPER_ITEMS: readonly HelpItem[] = [
  {
    label: 'UI components',
    to: '/app/components',
    icon: 'components',
    about: 'The shared UI kit in every state, in the light and dark themes side by side.',
  },
];

/** Whether a path lies inside one of the items (the item itself or a page below it). */
export const isInside = (pathname: string, items: readonly NavItem[]) =>
  items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

export const APP_VERSION = 'v1.0';
