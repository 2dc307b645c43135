import { useCountryName } from '../../../i18n/countries';
import { useSpeciesName } from '../../../i18n/species';
import { useContractMessage } from '../../../i18n/use-t';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DriveDetail, Option, PersonSummary } from '../../../../contract/drives';
import { Avatar } from '../../../components/ui/avatar';
import { FourNumbers } from '../../../components/ui/four-numbers';
import { useDriveFourNumbers } from '../api';
// A lazy wrapper: Leaflet loads only when a drive is opened, never with the lists.
import { PointMap } from '../../../components/ui/map';
import { browserTimeZone } from '../../../lib/dates';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { drivesMessages } from '../messages';
import { drivePlace, formatDriveWhen, personName, profilePath } from '../format';
import { DriveActions } from './drive-actions';
import { DriveBadges } from './drive-card';
import { DriveImage } from './drive-image';
import { mutedText, sectionCard, textLink } from '../../../components/ui/looks';
import { ParticipationButtons } from './participation-buttons';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={sectionCard} aria-labelledby={id}>
      <div className="card-body gap-3">
        <h3 id={id} className="card-title text-lg">
          {title}
        </h3>
        {children}
      </div>
    </section>
  );
}

const labels = (
  options: readonly Option[],
  none: string,
  name: (option: Option) => string = (o) => o.label,
) => (options.length ? options.map(name).join(', ') : none);

function Person({ person, size = 40 }: { person: PersonSummary; size?: number }) {
  const name = personName(person);
  return (
    <Link to={profilePath(person.id)} className={`inline-flex items-center gap-2 ${textLink}`}>
      <Avatar src={person.file} name={name} size={size} decorative />
      <span className="min-w-0 break-words">{name}</span>
    </Link>
  );
}

/** The drive's trees by the four honest numbers (issue 21 §3). */
function DriveTrees({ driveId }: { driveId: string }) {
  const numbers = useDriveFourNumbers(driveId);
  const t = useT(drivesMessages);
  return (
    <Card title={t('detail.treesTitle')}>
      {numbers.data ? (
        <FourNumbers title={t('detail.treesCounted')} numbers={numbers.data} />
      ) : (
        <p className={mutedText} role={numbers.isError ? 'alert' : 'status'}>
          {numbers.isError ? t('detail.treesFailed') : t('detail.treesCounting')}
        </p>
      )}
    </Card>
  );
}

/** Everything about one drive, with Join / Leave, the calendar file and the organiser's tools. */
export function DriveDetailView({
  drive,
  onEdit,
  canManage,
  pass,
}: {
  drive: DriveDetail;
  onEdit?: () => void;
  /** Shown right under the drive's heading card: the caller's pass, for the day itself. */
  pass?: ReactNode;
  /** Edit and Delete: the organiser, or (the page knows) an owner or admin of the organising team. */
  canManage?: boolean;
}) {
  const t = useT(drivesMessages);
  const say = useContractMessage();
  const speciesName = useSpeciesName();
  const countryName = useCountryName();
  const locale = useIntlLocale();
  const none = t('detail.none');
  const when = formatDriveWhen(drive.driveDate, drive.driveEndDate, drive.timeZone, locale);
  const yourZone = browserTimeZone();
  const place = drivePlace(drive);
  const details: Array<[string, ReactNode]> = [
    [
      t('detail.dateTime'),
      <>
        <time dateTime={drive.driveDate}>{when}</time>
        {/* Someone elsewhere also sees the time in their own zone. */}
        {yourZone !== drive.timeZone ? (
          <span className={`block text-sm ${mutedText}`} data-testid="drive-your-time">
            {t('detail.yourTime', {
              when: formatDriveWhen(drive.driveDate, drive.driveEndDate, yourZone, locale),
            })}
          </span>
        ) : null}
      </>,
    ],
    [t('detail.duration'), say(drive.driveDuration.label)],
    [t('detail.country'), countryName(drive.country.value) ?? drive.country.label],
    [t('detail.place'), drive.driveLocation || t('detail.notGiven')],
    [t('detail.treesToPlant'), t('count.trees', { count: drive.treeQuantity })],
    [t('detail.treeSize'), labels(drive.treeSize, none, (o) => say(o.label))],
    [t('detail.treeType'), labels(drive.treesType, none, (o) => speciesName(Number(o.value)))],
    [t('detail.sponsoredBy'), labels(drive.treeSponsored, none)],
    [t('detail.landDonatedBy'), labels(drive.landDonatedBy, none)],
  ];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <section className={`${sectionCard} overflow-hidden`} aria-labelledby="drive-name">
        <DriveImage src={drive.image} name={drive.driveName} className="h-56 w-full sm:h-72" />
        <div className="card-body gap-4">
          <DriveBadges drive={drive} />
          <h2 id="drive-name" className="text-2xl font-bold break-words sm:text-3xl">
            {drive.driveName}
          </h2>
          <p className={mutedText}>
            <time dateTime={drive.driveDate}>{when}</time>
            {place ? <> · {place}</> : null}
          </p>
          <p className="font-semibold" aria-live="polite" data-testid="participant-count">
            {t('count.participants', { count: drive.participantCount })}
          </p>
          <div className="flex flex-wrap items-start gap-3">
            <ParticipationButtons drive={drive} />
            <DriveActions
              drive={drive}
              {...(onEdit ? { onEdit } : {})}
              {...(canManage !== undefined ? { canManage } : {})}
            />
          </div>
        </div>
      </section>

      {pass}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('detail.about')}>
          {drive.driveDesc ? (
            <p className="whitespace-pre-line break-words">{drive.driveDesc}</p>
          ) : (
            <p className={mutedText}>{t('detail.noDescription')}</p>
          )}
        </Card>
        <Card title={t('detail.details')}>
          <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
            {details.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-semibold">{term}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>

      <DriveTrees driveId={drive.id} />

      <Card title={t('detail.location')}>
        <p className={mutedText}>{place}</p>
        <PointMap lat={drive.driveLat} lng={drive.driveLong} label={drive.driveName} />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('detail.organiser')}>
          <div>
            <Person person={drive.organizer} size={48} />
          </div>
        </Card>
        <Card title={t('detail.participants', { count: drive.participants.length })}>
          {drive.participants.length ? (
            <ul className="flex flex-col gap-2" data-testid="participant-list">
              {drive.participants.map((person) => (
                <li key={person.id}>
                  <Person person={person} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={mutedText}>{t('detail.noParticipants')}</p>
          )}
        </Card>
      </div>
    </div>
  );
}
