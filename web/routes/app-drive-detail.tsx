import { lazy, Suspense } from 'react';
import { useOutletContext, useParams, useSearchParams } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { CLAIM_QUERY_PARAM } from '../../contract/attendance';
import { ClaimAttendance } from '../features/attendance/components/claim-attendance';
import { usePageTitle } from '../components/ui/page-title';
import { LoadErrorCard, LoadingState } from '../components/ui/status-cards';
import { DriveDonationsPanel } from '../features/donations/components/drive-donations-panel';
import { useDriveFormModal } from '../features/drive-form/components/drive-form-modal';
import { useDrive } from '../features/drives/api';
import { isMissingDrive } from '../lib/queries/drives';
import { DriveDetailView } from '../features/drives/components/drive-detail-view';
import { DriveNotFound } from '../features/drives/components/drive-states';
import { DriveSaplingsPanel } from '../features/nursery/components/drive-saplings-panel';
import { DriveUpdatesPanel } from '../features/drive-updates/components/drive-updates-panel';
import { failureMessage } from '../lib/api-client';
import { canManageTeam } from '../../contract/teams';
import { useMyTeams } from '../features/teams/api';
import { formatDriveWhen } from '../features/drives/format';
import { useIntlLocale } from '../i18n/intl-locale';
import { useT } from '../i18n/use-t';
import { drivesMessages } from '../features/drives/messages';

// The pass (its QR image and print styles) comes in its own chunk, only for those who have one.
const DrivePassCard = lazy(() => import('../features/attendance/components/drive-pass'));

/** A pass is shown to the drive's participants and organiser until the drive has ended. */
const showsPass = (drive: { joined: boolean; isOrganizer: boolean; driveEndDate: string }) =>
  (drive.joined || drive.isOrganizer) && Date.parse(drive.driveEndDate) > Date.now();

/**
 * /app/delive-detail/:id — one drive: join or leave it, or (its organiser) edit or delete it; what
 * it has received in donations, and Donate while it is upcoming.
 */
export default function AppDriveDetail() {
  const t = useT(drivesMessages);
  const locale = useIntlLocale();
  usePageTitle(t('page.detail'));
  const { id } = useParams();
  const drive = useDrive(id);
  const form = useDriveFormModal();
  // Undefined where the page is drawn outside the app shell (tests).
  const user = useOutletContext<CurrentUser | undefined>();
  // A walk-in's invitation to claim their attendance (issue 21 §1) opens this page with ?claim=.
  const [search] = useSearchParams();
  const claimToken = search.get(CLAIM_QUERY_PARAM);
  // Owners and admins of the organising organisation's team edit its drives and reserve saplings too.
  const teams = useMyTeams();
  const managesOrganiser = (organiserId: string) =>
    teams.data?.data.some((t) => t.organisation.id === organiserId && canManageTeam(t.role)) ??
    false;

  if (drive.data) {
    const data = drive.data;
    const canManage = data.isOrganizer || managesOrganiser(data.organizer.id);
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        {claimToken && id ? <ClaimAttendance driveId={id} token={claimToken} /> : null}
        <DriveDetailView
          drive={data}
          onEdit={() => form.openEdit(data)}
          canManage={canManage}
          pass={
            showsPass(data) ? (
              <Suspense fallback={null}>
                <DrivePassCard
                  driveId={data.id}
                  driveName={data.driveName}
                  when={formatDriveWhen(data.driveDate, data.driveEndDate, data.timeZone, locale)}
                  {...(user ? { holder: user.name || user.username } : {})}
                />
              </Suspense>
            ) : null
          }
        />
        <DriveUpdatesPanel driveId={data.id} />
        <DriveDonationsPanel driveId={data.id} canDonate={!data.isPast} />
        <DriveSaplingsPanel
          drive={{
            id: data.id,
            lat: data.driveLat,
            lng: data.driveLong,
            canManage,
            isPast: data.isPast,
          }}
        />
      </div>
    );
  }
  if (!id || (drive.isError && isMissingDrive(drive.error))) return <DriveNotFound />;
  if (drive.isError)
    return (
      <LoadErrorCard
        message={failureMessage(drive.error, t('page.failed'))}
        onRetry={() => void drive.refetch()}
      />
    );
  return <LoadingState label={t('page.loading')} />;
}
