import type { DriveUpdate, DriveUpdateRole } from '../../../../contract/drive-updates';
import { mutedText } from '../../../components/ui/looks';
import { relativeTime } from '../../../lib/relative-time';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { photoAlt, postedOn } from '../format';
import { driveUpdatesMessages, type DriveUpdatesKey } from '../messages';

const ROLE_LABELS: Record<DriveUpdateRole, DriveUpdatesKey> = {
  organiser: 'role.organiser',
  team: 'role.team',
  nursery: 'role.nursery',
};

/** One field update: who posted it and as what, when, the text and its photos. */
export function DriveUpdateItem({ update }: { update: DriveUpdate }) {
  const count = update.photos.length;
  const t = useT(driveUpdatesMessages);
  const locale = useIntlLocale();
  return (
    <article
      className="flex flex-col gap-2 border-b border-base-300 pb-4 last:border-b-0 last:pb-0"
      aria-label={t('updateBy', { name: update.author.name })}
      data-testid="drive-update"
    >
      <header className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{update.author.name}</span>
        <span className="badge badge-ghost badge-sm">{t(ROLE_LABELS[update.role])}</span>
        <time
          className={`text-sm ${mutedText}`}
          dateTime={update.createdAt}
          title={postedOn(update.createdAt, locale)}
        >
          {relativeTime(update.createdAt, undefined, locale, t('justNow'))}
        </time>
      </header>
      <p className="break-words whitespace-pre-line">{update.text}</p>
      {count ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {update.photos.map((photo, index) => (
            <li key={`${photo.id}-${index}`}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={photo.url}
                  alt={photoAlt(t, update.author.name, index, count, update.text)}
                  loading="lazy"
                  className="aspect-square w-full rounded-box bg-base-300 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
