import { useEffect, useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { Tree } from '../../../../contract/trees';
import { Button, ButtonLink } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { MoreButton, type MorePages } from '../../../components/ui/more-button';
// A lazy wrapper: Leaflet and its clustering load only with the map.
import { PointsClusterMap, type ClusterPoint } from '../../../components/ui/map';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { distinctItems, useCareDue, useMyTrees, useReplanting } from '../api';
import { useT } from '../../../i18n/use-t';
import { formatDay, formatKg, REGISTER_PATH, statusKey, treePath } from '../format';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useTreeNames, type TreeNames } from '../use-tree-names';
import { treesMessages, type TreesT } from '../messages';
import { CareDuePanel } from './care-due-panel';
import { ExportButtons } from './export-buttons';
import { ReplantingPanel } from './replanting-panel';
import { TreeCard } from './tree-card';
import { failureMessage } from '../../../lib/api-client';
import { EmptyState } from '../../../components/ui/status-cards';
import { TreeFilters, useTreeFilters } from './tree-filters';
import { useDeferredReady } from '../../../lib/use-deferred-ready';

const toPoint = (t: TreesT, names: TreeNames, tree: Tree): ClusterPoint | null =>
  tree.lat === null || tree.lng === null
    ? null
    : {
        id: tree.id,
        lat: tree.lat,
        lng: tree.lng,
        title: names.title(tree),
        detail: `${names.species(tree.species.value)} · ${t(statusKey(tree.status))}`,
      };

/**
 * The trees read so far (a page at a time, newest first) on a map and as cards, with "Load more"
 * for the next page while there are more.
 */
function TreesFound({ trees, total, more }: { trees: Tree[]; total: number; more: MorePages }) {
  const navigate = useNavigate();
  const t = useT(treesMessages);
  const names = useTreeNames();
  const points = useMemo(
    () => trees.map((tree) => toPoint(t, names, tree)).filter((p): p is ClusterPoint => p !== null),
    [trees, t, names],
  );
  return (
    <>
      <p className={`text-sm ${mutedText}`} aria-live="polite" data-testid="tree-total">
        {trees.length >= total
          ? t('list.total', { total })
          : t('list.totalPartial', { shown: trees.length, total })}
      </p>
      {points.length > 0 ? (
        <PointsClusterMap
          points={points}
          onOpen={(id) => void navigate(treePath(id))}
          linkFor={treePath}
          openLabel={t('list.openTree')}
          itemsName={t('list.itemsName')}
          label={t('list.mapLabel')}
          height={360}
        />
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {trees.map((tree) => (
          // A card off screen (below the map on a phone) is laid out and painted only when it nears
          // the screen: its first load paints the map sooner (issue 20's largest paint).
          <li
            key={tree.id}
            className="[contain-intrinsic-size:auto_220px] [content-visibility:auto]"
          >
            <TreeCard tree={tree} />
          </li>
        ))}
      </ul>
      <MoreButton pages={more} label={t('list.loadMore')} />
    </>
  );
}

/**
 * Builds the page's date and number formatters, each in a task of its own, while the answers are
 * awaited: the browser's first Intl formatter starts its locale data (~100 ms on a phone), which
 * would otherwise lengthen the render of the first panel that shows a date (issue 20).
 */
function useWarmFormatters() {
  const locale = useIntlLocale();
  useEffect(() => {
    const steps = [() => formatDay('2026-01-01', locale), () => formatKg(1, locale)];
    const timers = steps.map((step, i) => setTimeout(step, i));
    return () => timers.forEach(clearTimeout);
  }, [locale]);
}

/** My Trees: the care due, replanting tasks, then my trees (filtered) on a map and as cards. */
export function MyTrees() {
  const headingId = useId();
  const t = useT(treesMessages);
  useWarmFormatters();
  const { filters, set, clear } = useTreeFilters();
  const filtered = filters.species !== undefined || filters.status !== undefined;
  const trees = useMyTrees(filters);
  const shown = useMemo(() => distinctItems(trees.data?.pages, (tree) => tree.id), [trees.data]);
  const total = trees.data?.pages[0]?.total ?? 0;
  // The same queries the panels above read (shared, asked once): until all three have answered
  // the page shows one loading state, so a panel arriving late never pushes the trees down.
  const careDue = useCareDue();
  const replanting = useReplanting();
  const answered = !(trees.isPending || careDue.isPending || replanting.isPending);
  // The page mounts in a deferred render, in short tasks (useDeferredReady).
  const ready = useDeferredReady(answered);
  if (!ready)
    return (
      <div className="mx-auto max-w-7xl">
        <LoadingState label={t('list.loading')} />
      </div>
    );

  let body;
  if (trees.isError && !trees.data)
    body = (
      <LoadErrorCard
        message={failureMessage(trees.error, t('list.loadFailed'))}
        onRetry={() => void trees.refetch()}
      />
    );
  else if (total === 0 && !filtered)
    body = (
      <EmptyState action={<ButtonLink to={REGISTER_PATH}>{t('list.register')}</ButtonLink>}>
        {t('list.empty')}
      </EmptyState>
    );
  else if (total === 0)
    body = (
      <EmptyState
        action={
          <Button variant="secondary" onClick={clear}>
            {t('list.clearFilters')}
          </Button>
        }
      >
        {t('list.noMatch')}
      </EmptyState>
    );
  else body = <TreesFound trees={shown} total={total} more={trees} />;
  const any = total > 0 || filtered;

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <CareDuePanel />
      <ReplantingPanel />
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="text-xl font-bold">
            {t('list.heading')}
          </h2>
          <div className="flex flex-wrap gap-2">
            {any ? <ExportButtons /> : null}
            <ButtonLink to={REGISTER_PATH} size="sm">
              {t('list.register')}
            </ButtonLink>
          </div>
        </div>
        {any ? <TreeFilters filters={filters} set={set} label={t('list.filterLabel')} /> : null}
        {body}
      </section>
    </div>
  );
}
