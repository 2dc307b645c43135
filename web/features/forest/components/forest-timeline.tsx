import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DRIVE_UPDATE_ROLE_LABELS, type DriveUpdate } from '../../../../contract/drive-updates';
import type { ForestTree } from '../../../../contract/forest';
import { mutedText, textLink } from '../../../components/ui/looks';
import { causeWords, formatDay, formatPlantingDay, PATHS, treeTitle } from '../format';

interface Entry {
  key: string;
  at: string;
  kind: 'update' | 'planted' | 'died';
  body: ReactNode;
}

const KIND_LABELS: Record<Entry['kind'], string> = {
  update: 'Field update',
  planted: 'Planted',
  died: 'Died',
};

/** Plantings and deaths of the loaded trees with the drives' field updates, newest first. */
export function timelineEntries(
  trees: readonly ForestTree[],
  updates: readonly DriveUpdate[],
): Entry[] {
  const entries: Entry[] = [];
  for (const tree of trees) {
    const link = (
      <Link to={PATHS.tree(tree.id)} className={textLink}>
        {treeTitle(tree)}
      </Link>
    );
    entries.push({
      key: `planted-${tree.id}`,
      at: tree.plantedAt,
      kind: 'planted',
      body: (
        <p>
          {link} planted{tree.driveName ? ` at ${tree.driveName}` : ''}
          {tree.location ? `, ${tree.location}` : ''}.
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
            {link} died of {causeWords(tree.cause)}.
            {tree.replacedByTreeId ? ' It has been replanted.' : ''}
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
            <span className={mutedText}>({DRIVE_UPDATE_ROLE_LABELS[update.role]})</span>
          </p>
          <p className="whitespace-pre-line break-words">{update.text}</p>
          {update.photos.length > 0 ? (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {update.photos.map((photo, i) => (
                <li key={photo.id}>
                  <img
                    src={photo.url}
                    alt={`Photo ${i + 1} of ${update.photos.length} from ${update.author.name}'s update`}
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
  const entries = timelineEntries(trees, updates);
  return (
    <ol className="flex flex-col gap-3 border-l-2 border-base-300 pl-4">
      {entries.map((entry) => (
        <li key={entry.key} className="flex flex-col gap-1" data-testid="forest-event">
          <p className={`text-sm ${mutedText}`}>
            <span className="font-semibold">{KIND_LABELS[entry.kind]}</span> ·{' '}
            <time dateTime={entry.at}>
              {entry.kind === 'planted' ? formatPlantingDay(entry.at) : formatDay(entry.at)}
            </time>
          </p>
          {entry.body}
        </li>
      ))}
    </ol>
  );
}
