import { DRIVE_UPDATE_ROLE_LABELS, type DriveUpdate } from '../../../../contract/drive-updates';
import { mutedText } from '../../../components/ui/looks';
import { relativeTime } from '../../../lib/relative-time';
import { photoAlt, postedOn } from '../format';

/** One field update: who posted it and as what, when, the text and its photos. */
export function DriveUpdateItem({ update }: { update: DriveUpdate }) {
  const count = update.photos.length;
  return (
    <article
      className="flex flex-col gap-2 border-b border-base-300 pb-4 last:border-b-0 last:pb-0"
      aria-label={`Update by ${update.author.name}`}
      data-testid="drive-update"
    >
      <header className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{update.author.name}</span>
        <span className="badge badge-ghost badge-sm">{DRIVE_UPDATE_ROLE_LABELS[update.role]}</span>
        <time
          className={`text-sm ${mutedText}`}
          dateTime={update.createdAt}
          title={postedOn(update.createdAt)}
        >
          {relativeTime(update.createdAt)}
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
                  alt={photoAlt(update.author.name, index, count, update.text)}
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
