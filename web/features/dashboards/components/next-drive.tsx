import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Drive } from '../../../../contract/drives';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText, textLink } from '../../../components/ui/looks';
import { Photo } from '../../../components/ui/photo';
import { LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatDriveRange } from '../../../lib/dates';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { useDrivesToJoin, useNextDrive } from '../api';
import { PATHS } from '../format';
import { dashboardsMessages } from '../messages';
import { Section } from './dashboard-section';

/** "Place, Country", leaving out whatever is empty or already said. */
function placeOf(drive: Pick<Drive, 'driveLocation' | 'country'>): string {
  const place = drive.driveLocation.trim();
  if (place.toLowerCase().endsWith(drive.country.label.toLowerCase())) return place;
  return [place, drive.country.label].filter(Boolean).join(', ');
}

const whenOf = (drive: Drive, locale?: string) =>
  formatDriveRange(drive.driveDate, drive.driveEndDate, drive.timeZone, locale);

function TheDrive({ drive, pass }: { drive: Drive; pass: ReactNode }) {
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  return (
    <div className="flex flex-col gap-4 sm:flex-row" data-testid="home-next-drive">
      {drive.image ? (
        <Photo
          src={drive.image}
          alt={t('next.photoAlt', { name: drive.driveName })}
          className="h-40 w-full shrink-0 rounded-box sm:h-36 sm:w-48"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="text-xl font-bold break-words">
          <Link to={PATHS.drive(drive.id)} className={textLink}>
            {drive.driveName}
          </Link>
        </p>
        <p>
          <time dateTime={drive.driveDate}>{whenOf(drive, locale)}</time>
        </p>
        <p className="break-words">{placeOf(drive)}</p>
        <p className={`text-sm ${mutedText}`}>
          {drive.isOrganizer ? t('next.youOrganise') : t('next.youJoined')}
          {t('next.takingPart', { count: drive.participantCount })}
        </p>
        {pass}
      </div>
    </div>
  );
}

function DrivesToJoin() {
  const drives = useDrivesToJoin(true);
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  const find = <ButtonLink to={PATHS.plantations}>{t('next.find')}</ButtonLink>;
  if (drives.isPending) return <LoadingState label={t('next.loadingToJoin')} />;
  if (drives.isError)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className={mutedText}>{t('next.noneAheadJoin')}</p>
        {find}
      </div>
    );
  return (
    <div className="flex flex-col gap-3" data-testid="home-drives-to-join">
      <p className={mutedText}>
        {t('next.noneAhead')} {drives.data.length > 0 ? t('next.soonest') : t('next.nonePlanned')}
      </p>
      {drives.data.length > 0 ? (
        <ul className="divide-y divide-base-300" aria-label={t('next.toJoin')}>
          {drives.data.map((drive) => (
            <li key={drive.id} className="py-2">
              <Link to={PATHS.drive(drive.id)} className={textLink}>
                {drive.driveName}
              </Link>
              <p className={`text-sm break-words ${mutedText}`}>
                {whenOf(drive, locale)} · {placeOf(drive)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <div>{find}</div>
    </div>
  );
}

/**
 * The member's next drive (issue 23): the soonest upcoming drive they joined or organise, its
 * time in the drive's own zone, its place and their pass (`renderPass`, the attendance feature's,
 * composed by the page); with none, the soonest drives to join and "Find a drive".
 */
export function NextDrive({ renderPass }: { renderPass?: (drive: Drive) => ReactNode }) {
  const next = useNextDrive();
  const t = useT(dashboardsMessages);
  let body: ReactNode;
  if (next.isPending) body = <LoadingState label={t('next.loading')} />;
  else if (next.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(next.error, t('next.failed'))}
        onRetry={() => void next.refetch()}
      />
    );
  else if (next.data) body = <TheDrive drive={next.data} pass={renderPass?.(next.data)} />;
  else body = <DrivesToJoin />;
  return (
    <Section title={t('next.title')} id="next-drive">
      {body}
    </Section>
  );
}
