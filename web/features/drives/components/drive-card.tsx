import { useId } from 'react';
import { Link } from 'react-router';
import type { Drive } from '../../../../contract/drives';
import { Avatar } from '../../../components/ui/avatar';
import { mutedText, textLink } from '../../../components/ui/looks';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { drivesMessages } from '../messages';
import { driveDetailPath, drivePlace, formatDriveWhen, personName } from '../format';
import { DriveImage } from './drive-image';
import { badge } from './drive-ui';

/** Where the caller stands with a drive, as small labels. */
export function DriveBadges({
  drive,
}: {
  drive: Pick<Drive, 'isOrganizer' | 'joined' | 'isPast'>;
}) {
  const t = useT(drivesMessages);
  if (!drive.isOrganizer && !drive.joined && !drive.isPast) return null;
  return (
    <p className="flex flex-wrap gap-1">
      {drive.isOrganizer ? <span className={badge}>{t('badge.organiser')}</span> : null}
      {drive.joined ? <span className={badge}>{t('badge.joined')}</span> : null}
      {drive.isPast ? <span className={badge}>{t('badge.past')}</span> : null}
    </p>
  );
}

/** One drive in a list: photo, when and where, trees, organiser and how many have joined. */
export function DriveCard({ drive, priority }: { drive: Drive; priority?: boolean }) {
  const titleId = useId();
  const organiser = personName(drive.organizer);
  const t = useT(drivesMessages);
  const locale = useIntlLocale();
  return (
    <article
      aria-labelledby={titleId}
      className="card relative h-full overflow-hidden bg-base-100 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
      data-testid="drive-card"
    >
      <DriveImage
        src={drive.image}
        name={drive.driveName}
        className="h-40 w-full"
        {...(priority ? { priority } : {})}
      />
      <div className="card-body gap-2 p-4">
        <DriveBadges drive={drive} />
        <h3 id={titleId} className="text-lg leading-snug font-bold break-words">
          {/* The link covers the whole card (after:inset-0), so any click on it opens the drive. */}
          <Link
            to={driveDetailPath(drive.id)}
            className={`${textLink} after:absolute after:inset-0 after:content-['']`}
          >
            {drive.driveName}
          </Link>
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className="sr-only">{t('card.when')}</dt>
          <dd className="col-span-2">
            <time dateTime={drive.driveDate}>
              {formatDriveWhen(drive.driveDate, drive.driveEndDate, drive.timeZone, locale)}
            </time>
          </dd>
          <dt className="sr-only">{t('card.where')}</dt>
          <dd className={`col-span-2 break-words ${mutedText}`} data-testid="drive-place">
            {drivePlace(drive)}
          </dd>
          <dt className="sr-only">{t('card.trees')}</dt>
          <dd className="col-span-2">{t('count.trees', { count: drive.treeQuantity })}</dd>
          <dt className="sr-only">{t('card.participants')}</dt>
          <dd className="col-span-2" data-testid="drive-participants">
            {t('count.participants', { count: drive.participantCount })}
          </dd>
        </dl>
        <p className={`mt-1 flex items-center gap-2 text-sm ${mutedText}`}>
          <Avatar src={drive.organizer.file} name={organiser} size={28} decorative />
          <span className="min-w-0 break-words">{t('card.organisedBy', { name: organiser })}</span>
        </p>
      </div>
    </article>
  );
}
