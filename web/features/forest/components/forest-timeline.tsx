import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DriveUpdate, DriveUpdateRole } from '../../../../contract/drive-updates';
import type { ForestTree } from '../../../../contract/forest';
import { mutedText, textLink } from '../../../components/ui/looks';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { rich, useT } from '../../../i18n/use-t';
import { causeWords, formatDay, formatPlantingDay, PATHS, treeTitle } from '../format';
import { forestMessages, type ForestKey, type ForestT } from '../messages';

interface Entry {
  key: string;
  at: string;
  kind: 'update' | 'planted' | 'died';
  body: ReactNode;
}

const KIND_LABELS: Record<Entry['kind'], ForestKey> = {
  update: 'timeline.update',
  planted: 'timeline.planted',
  died: 'timeline.died',
};

const ROLE_LABELS: Record<DriveUpdateRole, ForestKey> = {
  organiser: 'role.organiser',
  team: 'role.team',
  nursery: 'role.nursery',
};

const PLANTED: Record<'' | 'drive' | 'place' | 'both', ForestKey> = {
  '': 'timeline.plantedText',
  drive: 'timeline.plantedAt',
  place: 'timeline.plantedPlace',
  both: 'timeline.plantedAtPlace',
};

/** Plantings and deaths of the loaded trees with the drives' field updates, newest first. */
export function timelineEntries(
  trees: readonly ForestTree[],
  updates: readonly DriveUpdate[],
  t: ForestT,
  locale?: string,
): Entry[] {
  const entries: Entry[] = [];
  for (const tree of trees) {
    const link = {
      tree: (chunk: string) => (
        <Link to={PATHS.tree(tree.id)} className={textLink}>
          {chunk}
        </Link>
      ),
    };
    const title = treeTitle(tree, locale);
    const where =
      tree.driveName && tree.location
        ? 'both'
        : tree.driveName
          ? 'drive'
          : tree.location
            ? 'place'
            : '';
    entries.push({
      key: `planted-${tree.id}`,
      at: tree.plantedAt,
      kind: 'planted',
      body: (
        <p>
          {rich(
            t(PLANTED[where], { tree: title, drive: tree.driveName, place: tree.location }),
            link,
          )}
        </p>
      ),
    });
    if (tree.status === 'dead')
      entries.push({
        key: `died-${tree.id}`,
        at: tree.statusChangedAt ?? tree.plantedAt,
        kind: 'died',
        body: (
          <p>
            {rich(t('timeline.diedText', { tree: title, cause: causeWords(tree.cause, t) }), link)}
            {tree.replacedByTreeId ? t('timeline.replanted') : ''}
          </p>
        ),
      });
  }
  for (const update of updates)
    entries.push({
      key: `update-${update.id}`,
      at: update.createdAt,
      kind: 'update',
      body: (
        <div className="flex flex-col gap-2">
          <p className="text-sm">
            <span className="font-semibold">{update.author.name}</span>{' '}
            <span className={mutedText}>({t(ROLE_LABELS[update.role])})</span>
          </p>
          <p className="whitespace-pre-line break-words">{update.text}</p>
          {update.photos.length > 0 ? (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {update.photos.map((photo, i) => (
                <li key={photo.id}>
                  <img
                    src={photo.url}
                    alt={t('timeline.photoAlt', {
                      index: i + 1,
                      count: update.photos.length,
                      name: update.author.name,
                    })}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full rounded-box object-cover"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ),
    });
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}

/** What happened to the forest, as an ordered list of dated entries. */
export function ForestTimeline({
  trees,
  updates,
}: {
  trees: readonly ForestTree[];
  updates: readonly DriveUpdate[];
}) {
  const t = useT(forestMessages);
  const locale = useIntlLocale();
  const entries = timelineEntries(trees, updates, t, locale);
  return (
    <ol className="flex flex-col gap-3 border-l-2 border-base-300 pl-4">
      {entries.map((entry) => (
        <li key={entry.key} className="flex flex-col gap-1" data-testid="forest-event">
          <p className={`text-sm ${mutedText}`}>
            <span className="font-semibold">{t(KIND_LABELS[entry.kind])}</span> ·{' '}
            <time dateTime={entry.at}>
              {entry.kind === 'planted'
                ? formatPlantingDay(entry.at, locale)
                : formatDay(entry.at, locale)}
            </time>
          </p>
          {entry.body}
        </li>
      ))}
    </ol>
  );
}
