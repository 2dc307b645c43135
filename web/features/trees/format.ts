import { formatCalendarDay, formatDateTime } from '../../lib/dates';
import type { CareAction, CareTask, DeathCause } from '../../../contract/tree-care';
import { TREE_SIZES, TREE_SPECIES, speciesByValue } from '../../../contract/options';
import type { Tree, TreeStatus } from '../../../contract/trees';

export const MY_TREES_PATH = '/app/my-trees';
export const REGISTER_PATH = '/app/tree-registeration';
export const IMPACT_METHOD_PATH = '/documentation#impact-method';
export const treePath = (id: string) => `/app/trees/${encodeURIComponent(id)}`;
export const replantPath = (deadTreeId: string) =>
  `${REGISTER_PATH}?replaces=${encodeURIComponent(deadTreeId)}`;

export const STATUS_LABELS: Record<TreeStatus, string> = {
  healthy: 'Healthy',
  'needs-care': 'Needs care',
  dead: 'Dead',
};
/** daisyUI badge look per status (theme colours, never hand-picked ones). */
export const STATUS_BADGE: Record<TreeStatus, string> = {
  healthy: 'badge-success',
  'needs-care': 'badge-warning',
  dead: 'badge-neutral',
};

export const TASK_LABELS: Record<CareTask, string> = {
  water: 'Water',
  weed: 'Weed',
  mulch: 'Mulch',
  measure: 'Measure',
  checkup: 'Check up on',
};
export const ACTION_LABELS: Record<CareAction, string> = {
  watered: 'Watered',
  mulched: 'Mulched',
  weeded: 'Weeded',
  pruned: 'Pruned',
  fertilised: 'Fertilised',
  protected: 'Protected (guard, fence)',
};
export const CAUSE_LABELS: Record<DeathCause, string> = {
  drought: 'Drought',
  pests: 'Pests',
  disease: 'Disease',
  grazing: 'Grazing animals',
  vandalism: 'Vandalism',
  construction: 'Construction',
  unknown: 'Unknown',
};

export const SPECIES_OPTIONS = TREE_SPECIES.map((s) => ({
  value: String(s.value),
  label: s.label,
}));
export const SIZE_LABELS: Record<string, string> = Object.fromEntries(
  TREE_SIZES.map((s) => [s.value, s.label]),
);
export const speciesLabel = (value: number) => speciesByValue(value)?.label ?? `Species ${value}`;

/** What a tree is called on cards and headings: its nickname, else its species (× count). */
export function treeTitle(tree: Pick<Tree, 'name' | 'species' | 'count'>): string {
  if (tree.name) return tree.name;
  return tree.count > 1 ? `${tree.species.label} × ${tree.count}` : tree.species.label;
}

/** A planting or measurement day (stored as UTC midnight), e.g. "3 Mar 2026" in the browser's locale. */
export const formatDay = (iso: string) => formatCalendarDay(iso) || iso;
/** A moment in local time, e.g. "3 Mar 2026, 10:15" in the browser's locale. */
export const formatMoment = (iso: string) => formatDateTime(iso) || iso;

/** Today in the browser's time zone as YYYY-MM-DD (the date input's `max`). */
export function todayKey(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** Kilograms with three significant digits (web/lib/numbers.ts; the forest shows them too). */
export { formatKg } from '../../lib/numbers';
