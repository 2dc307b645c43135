import { formatCalendarDay, formatDateTime } from '../../lib/dates';
import { DEATH_CAUSES, type CareAction, type DeathCause } from '../../../contract/tree-care';
import { TREE_SIZES, TREE_SPECIES, type TreeSizeValue } from '../../../contract/options';
import type { Tree, TreeStatus } from '../../../contract/trees';

export const MY_TREES_PATH = '/app/my-trees';
export const REGISTER_PATH = '/app/tree-registeration';
export const IMPACT_METHOD_PATH = '/documentation#impact-method';
export const treePath = (id: string) => `/app/trees/${encodeURIComponent(id)}`;
export const replantPath = (deadTreeId: string) =>
  `${REGISTER_PATH}?replaces=${encodeURIComponent(deadTreeId)}`;

/** daisyUI badge look per status (theme colours, never hand-picked ones). */
export const STATUS_BADGE: Record<TreeStatus, string> = {
  healthy: 'badge-success',
  'needs-care': 'badge-warning',
  dead: 'badge-neutral',
};

/** A care action's or death cause's words in the trees namespace (a stored value unknown to it: undefined). */
export const actionKey = (action: CareAction) => `action.${action}` as const;
export const causeKey = (cause: string) =>
  (DEATH_CAUSES as readonly string[]).includes(cause)
    ? (`cause.${cause as DeathCause}` as const)
    : undefined;
export const statusKey = (status: TreeStatus) => `status.${status}` as const;
export const sizeKey = (size: string) =>
  TREE_SIZES.some((s) => s.value === size) ? (`size.${size as TreeSizeValue}` as const) : undefined;

export const SPECIES_OPTIONS = TREE_SPECIES.map((s) => ({
  value: String(s.value),
  label: s.label,
}));

/** What a tree is called on cards and headings: its nickname, else its species (× count). */
export function treeTitle(
  tree: Pick<Tree, 'name' | 'species' | 'count'>,
  speciesName: (value: number) => string = () => tree.species.label,
): string {
  if (tree.name) return tree.name;
  const species = speciesName(tree.species.value);
  return tree.count > 1 ? `${species} × ${tree.count}` : species;
}

/** A planting or measurement day (stored as UTC midnight), e.g. "3 Mar 2026" in the browser's locale. */
export const formatDay = (iso: string, locale?: string) => formatCalendarDay(iso, locale) || iso;
/** A moment in local time, e.g. "3 Mar 2026, 10:15" in the browser's locale. */
export const formatMoment = (iso: string, locale?: string) => formatDateTime(iso, locale) || iso;

/** Today in the browser's time zone as YYYY-MM-DD (the date input's `max`). */
export function todayKey(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** Kilograms with three significant digits (web/lib/numbers.ts; the forest shows them too). */
export { formatKg } from '../../lib/numbers';
