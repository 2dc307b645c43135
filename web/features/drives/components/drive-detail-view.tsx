import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DriveDetail, Option, PersonSummary } from '../../../../contract/drives';
import { Avatar } from '../../../components/ui/avatar';
import { FourNumbers } from '../../../components/ui/four-numbers';
import { useDriveFourNumbers } from '../api';
// A lazy wrapper: Leaflet loads only when a drive is opened, never with the lists.
import { PointMap } from '../../../components/ui/map';
import { browserTimeZone } from '../../../lib/dates';
import { plural } from '../../../lib/numbers';
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

const labels = (options: readonly Option[]) =>
  options.length ? options.map((o) => o.label).join(', ') : 'None';

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
  return (
    <Card title="Trees at this drive">
      {numbers.data ? (
        <FourNumbers title="Trees at this drive, counted honestly" numbers={numbers.data} />
      ) : (
        <p className={mutedText} role={numbers.isError ? 'alert' : 'status'}>
          {numbers.isError
            ? 'The trees of this drive could not be counted just now.'
            : 'Counting the trees…'}
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
  const when = formatDriveWhen(drive.driveDate, drive.driveEndDate, drive.timeZone);
  const yourZone = browserTimeZone();
  const place = drivePlace(drive);
  const details: Array<[string, ReactNode]> = [
    [
      'Date and time',
      <>
        <time dateTime={drive.driveDate}>{when}</time>
        {/* Someone elsewhere also sees the time in their own zone. */}
        {yourZone !== drive.timeZone ? (
          <span className={`block text-sm ${mutedText}`} data-testid="drive-your-time">
            Your time: {formatDriveWhen(drive.driveDate, drive.driveEndDate, yourZone)}
          </span>
        ) : null}
      </>,
    ],
    ['Duration', drive.driveDuration.label],
    ['Country', drive.country.label],
    ['Place', drive.driveLocation || 'Not given'],
    ['Trees to plant', plural(drive.treeQuantity, 'tree')],
    ['Tree size', labels(drive.treeSize)],
    ['Tree type', labels(drive.treesType)],
    ['Sponsored by', labels(drive.treeSponsored)],
    ['Land donated by', labels(drive.landDonatedBy)],
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
            {plural(drive.participantCount, 'participant')}
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
        <Card title="About this drive">
          {drive.driveDesc ? (
            <p className="whitespace-pre-line break-words">{drive.driveDesc}</p>
          ) : (
            <p className={mutedText}>The organiser has not added a description.</p>
          )}
        </Card>
        <Card title="Details">
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

      <Card title="Location">
        <p className={mutedText}>{place}</p>
        <PointMap lat={drive.driveLat} lng={drive.driveLong} label={drive.driveName} />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Organiser">
          <div>
            <Person person={drive.organizer} size={48} />
          </div>
        </Card>
        <Card title={`Participants (${drive.participants.length})`}>
          {drive.participants.length ? (
            <ul className="flex flex-col gap-2" data-testid="participant-list">
              {drive.participants.map((person) => (
                <li key={person.id}>
                  <Person person={person} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={mutedText}>No one has joined yet.</p>
          )}
        </Card>
      </div>
    </div>
  );
}
