import { useId } from 'react';
import type { Tree } from '../../../../contract/trees';
import { mutedText, sectionCard } from '../../../components/ui/looks';
import { useTreeGrowth } from '../api';
import { formatDay } from '../format';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { treeCareMessages } from '../messages';
import { useTreeNames } from '../use-tree-names';

interface Shot {
  key: string;
  src: string;
  day: string;
  caption: string;
}

/** The tree's photos in date order: the one from registration, then each measurement's. */
export function PhotoTimeline({ tree }: { tree: Tree }) {
  const headingId = useId();
  // The same query as the growth section: one request for both.
  const growth = useTreeGrowth(tree.id);
  const t = useT(treeCareMessages);
  const locale = useIntlLocale();
  const names = useTreeNames();
  const title = names.title(tree);
  const shots: Shot[] = [];
  if (tree.photoUrl)
    shots.push({
      key: 'planted',
      src: tree.photoUrl,
      day: tree.plantedAt,
      caption: t('photos.planted'),
    });
  for (const m of growth.data?.measured ?? [])
    if (m.photoUrl)
      shots.push({
        key: m.id,
        src: m.photoUrl,
        day: m.measuredAt,
        caption: t('photos.measured', { height: m.heightCm }),
      });
  shots.sort((a, b) => a.day.localeCompare(b.day));
  return (
    <section className={sectionCard} aria-labelledby={headingId}>
      <div className="card-body gap-4">
        <h2 id={headingId} className="text-xl font-bold">
          {t('photos.heading')}
        </h2>
        {shots.length === 0 ? (
          <p className={mutedText}>{tree.isOwner ? t('photos.noneOwner') : t('photos.none')}</p>
        ) : (
          <ol className="flex flex-wrap gap-4" data-testid="photo-timeline">
            {shots.map((shot) => (
              <li key={shot.key}>
                <figure className="flex w-48 flex-col gap-2">
                  <img
                    src={shot.src}
                    alt={t('photos.alt', { title, day: formatDay(shot.day, locale) })}
                    width={192}
                    height={192}
                    loading="lazy"
                    className="h-48 w-48 rounded-box bg-base-300 object-cover"
                  />
                  <figcaption className="text-sm">
                    <time dateTime={shot.day} className="font-semibold">
                      {formatDay(shot.day, locale)}
                    </time>
                    <span className={`block ${mutedText}`}>{shot.caption}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
