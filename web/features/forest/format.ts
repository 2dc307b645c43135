import type { DeathCause } from '../../../contract/tree-care';
import { speciesByValue } from '../../../contract/options';
import type { ForestGift, ForestTree } from '../../../contract/forest';
import { formatCalendarDay, formatDate } from '../../lib/dates';
import { formatCount } from '../../lib/numbers';
import type { ForestKey, ForestT } from './messages';

export const PATHS = {
  donate: '/app/donate-tree',
  register: '/app/tree-registeration',
  impactMethod: '/documentation#impact-method',
  tree: (id: string) => `/app/trees/${encodeURIComponent(id)}`,
  drive: (id: string) => `/app/delive-detail/${encodeURIComponent(id)}`,
} as const;

/** A day in the reader's language, e.g. "3 Mar 2026" (the raw text if it is not a date). */
export const formatDay = (iso: string, locale?: string) => formatDate(iso, locale) || iso;
/** A planting day (stored as UTC midnight), the same day in every time zone. */
export const formatPlantingDay = (iso: string, locale?: string) =>
  formatCalendarDay(iso, locale) || iso;

/** The species' name as the contract's options call it (the API's label when it is not listed). */
export const speciesName = (species: ForestTree['species']) =>
  speciesByValue(species.value)?.label ?? species.label;

/** How a tree is called on its card: its nickname, else its species (× count). */
export function treeTitle(tree: ForestTree, locale?: string): string {
  if (tree.name) return tree.name;
  const name = speciesName(tree.species);
  return tree.count > 1 ? `${name} × ${formatCount(tree.count, locale)}` : name;
}

/** The plants alive at the last check, in words. */
export function aliveText(
  tree: Pick<ForestTree, 'count' | 'aliveCount' | 'status'>,
  t: ForestT,
): string {
  if (tree.status === 'dead') return t(tree.count > 1 ? 'alive.none' : 'alive.not');
  if (tree.aliveCount === tree.count)
    return tree.count > 1 ? t('alive.all', { count: tree.count }) : t('alive.yes');
  return t('alive.some', { alive: tree.aliveCount, count: tree.count });
}

const CAUSE_KEYS: Record<DeathCause, ForestKey> = {
  drought: 'cause.drought',
  pests: 'cause.pests',
  disease: 'cause.disease',
  grazing: 'cause.grazing',
  vandalism: 'cause.vandalism',
  construction: 'cause.construction',
  unknown: 'cause.unknown',
};
export const causeWords = (cause: string | null, t: ForestT) => {
  const key = CAUSE_KEYS[(cause ?? 'unknown') as DeathCause];
  return key ? t(key) : (cause ?? t('cause.unknown'));
};

/**
 * Where a gift stands, never a silent zero: planted, partly planted, planting on a day ahead,
 * waiting for the organiser once the drive is over (the server's `waitingForOrganiser`), or
 * waiting for a drive (the general fund).
 */
export function giftProgress(gift: ForestGift, t: ForestT, locale?: string): string {
  if (gift.status === 'planted') return t('gift.planted');
  if (gift.status === 'partly-planted')
    return t(gift.waitingForOrganiser ? 'gift.partlyWaiting' : 'gift.partly', {
      planted: gift.planted,
      trees: gift.trees,
    });
  if (gift.waitingForOrganiser) return t('gift.waitingOrganiser');
  if (!gift.plantingOn) return t('gift.waitingDrive');
  return t('gift.plantingOn', { date: formatDay(gift.plantingOn, locale) });
}

/** "3 trees for River oaks" or "3 trees for the general fund". */
export const giftTitle = (gift: ForestGift, t: ForestT) =>
  gift.driveName !== null
    ? t('gift.titleDrive', { count: gift.trees, drive: gift.driveName })
    : t('gift.titleFund', { count: gift.trees });
