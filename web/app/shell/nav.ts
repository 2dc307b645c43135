import { dashboardRouteFor } from '../../../contract/session';

export type NavIcon =
  | 'dashboard'
  | 'myPlantations'
  | 'plantations'
  | 'donate'
  | 'registration'
  | 'myTrees'
  | 'treesMap'
  | 'profile'
  | 'calendar'
  | 'transactions'
  | 'billing';

export interface NavItem {
  label: string;
  to: string;
  icon: NavIcon;
}

export const SETTINGS_ITEMS: readonly NavItem[] = [
  { label: 'Profile', to: '/app/settings-profile', icon: 'profile' },
  { label: 'Calendar', to: '/app/calendar', icon: 'calendar' },
  { label: 'Transactions', to: '/app/transactions', icon: 'transactions' },
  { label: 'Billing', to: '/app/settings-billing', icon: 'billing' },
];

/** Spec group "General"; Dashboard goes to the user's own dashboard (the one they sign in to). */
export function generalItems(profileType: string): NavItem[] {
  return [
    { label: 'Dashboard', to: dashboardRouteFor(profileType), icon: 'dashboard' },
    { label: 'My Plantations', to: '/app/mydelive-event', icon: 'myPlantations' },
    { label: 'Plantations', to: '/app/delive-event', icon: 'plantations' },
    { label: 'Donate Tree', to: '/app/donate-tree', icon: 'donate' },
    { label: 'Tree Registration', to: '/app/tree-registeration', icon: 'registration' },
    { label: 'My Trees', to: '/app/my-trees', icon: 'myTrees' },
    { label: 'Trees map', to: '/app/trees-map', icon: 'treesMap' },
  ];
}

/** Whether a path lies inside one of the items (the item itself or a page below it). */
export const isInside = (pathname: string, items: readonly NavItem[]) =>
  items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

export const APP_VERSION = 'v1.0';
