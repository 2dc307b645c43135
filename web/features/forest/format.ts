import type { DeathCause } from '../../../contract/tree-care';
import { speciesByValue } from '../../../contract/options';
import type { ForestGift, ForestTree } from '../../../contract/forest';
import { formatCalendarDay, formatDate } from '../../lib/dates';
import { formatCount, plural } from '../../lib/numbers';

export const PATHS = {
  donate: '/app/donate-tree',
  register: '/app/tree-registeration',
  impactMethod: '/documentation#impact-method',
  tree: (id: string) => `/app/trees/${encodeURIComponent(id)}`,
  drive: (id: string) => `/app/delive-detail/${encodeURIComponent(id)}`,
} as const;

/** A day in the browser's locale, e.g. "3 Mar 2026" (the raw text if it is not a date). */
export const formatDay = (iso: string) => formatDate(iso) || iso;
/** A planting day (stored as UTC midnight), the same day in every time zone. */
export const formatPlantingDay = (iso: string) => formatCalendarDay(iso) || iso;

/** The species' name as the contract's options call it (the API's label when it is not listed). */
export const speciesName = (species: ForestTree['species']) =>
  speciesByValue(species.value)?.label ?? species.label;

/** How a tree is called on its card: its nickname, else its species (× count). */
export function treeTitle(tree: ForestTree): string {
  if (tree.name) return tree.name;
  const name = speciesName(tree.species);
  return tree.count > 1 ? `${name} × ${formatCount(tree.count)}` : name;
}

/** The plants alive at the last check, in words. */
export function aliveText(tree: Pick<ForestTree, 'count' | 'aliveCount' | 'status'>): string {
  if (tree.status === 'dead') return tree.count > 1 ? 'None alive' : 'Not alive';
  if (tree.aliveCount === tree.count)
    return tree.count > 1 ? `All ${formatCount(tree.count)} alive` : 'Alive';
  return `${formatCount(tree.aliveCount)} of ${formatCount(tree.count)} alive`;
}

export const CAUSE_WORDS: Record<DeathCause, string> = {
  drought: 'drought',
  pests: 'pests',
  disease: 'disease',
  grazing: 'grazing animals',
  vandalism: 'vandalism',
  construction: 'construction',
  unknown: 'an unknown cause',
};
export const causeWords = (cause: string | null) =>
  CAUSE_WORDS[(cause ?? 'unknown') as DeathCause] ?? cause ?? CAUSE_WORDS.unknown;

/**
 * Where a gift stands, never a silent zero: planted, partly planted, planting on a day ahead,
 * waiting for the organiser once the drive is over (the server's `waitingForOrganiser`), or
 * waiting for a drive (the general fund).
 */
export function giftProgress(gift: ForestGift): string {
  if (gift.status === 'planted') return 'Planted';
  if (gift.status === 'partly-planted')
    return `${formatCount(gift.planted)} of ${formatCount(gift.trees)} planted${
      gift.waitingForOrganiser ? ', waiting for the organiser to record the rest' : ''
    }`;
  if (gift.waitingForOrganiser) return 'Waiting for the organiser to record the planting';
  if (!gift.plantingOn) return 'Waiting to be planted at a drive';
  return `Planting on ${formatDay(gift.plantingOn)}`;
}

/** "3 trees for River oaks" or "3 trees for the general fund". */
export const giftTitle = (gift: ForestGift) =>
  `${plural(gift.trees, 'tree')} for ${gift.driveName ?? 'the general fund'}`;
