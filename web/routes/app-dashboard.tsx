import { lazy, Suspense, useState } from 'react';
import { Navigate, useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import type { Drive } from '../../contract/drives';
import { dashboardRouteFor } from '../../contract/session';
import { usePageTitle } from '../components/ui/page-title';
import { formatDriveRange } from '../lib/dates';
import { IndividualDashboard } from '../features/dashboards/components/individual-dashboard';
import { NextDrive } from '../features/dashboards/components/next-drive';
import { ForestPreview } from '../features/forest/components/forest-preview';
import { TaskRow } from '../features/trees/components/care-due-panel';
import { dashboardsMessages } from '../features/dashboards/messages';
import { useIntlLocale } from '../i18n/intl-locale';
import { useT } from '../i18n/use-t';

// The pass (its QR image and print styles) comes in its own chunk, once the member opens it.
const DrivePassCard = lazy(() => import('../features/attendance/components/drive-pass'));

/** "Show my pass" under the next drive: the attendance feature's pass, mounted when opened. */
function PassDisclosure({ drive, holder }: { drive: Drive; holder: string }) {
  const [open, setOpen] = useState(false);
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  return (
    <details
      data-testid="home-pass"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="mt-1"
    >
      <summary className="btn btn-sm btn-outline w-fit">{t('showPass')}</summary>
      {open ? (
        <div className="mt-3">
          <Suspense fallback={null}>
            <DrivePassCard
              driveId={drive.id}
              driveName={drive.driveName}
              when={formatDriveRange(drive.driveDate, drive.driveEndDate, drive.timeZone, locale)}
              holder={holder}
            />
          </Suspense>
        </div>
      ) : null}
    </details>
  );
}

/**
 * /app/dashboard: an individual's home (issue 23). Their forest and their next drive lead; the
 * care due (done in place with the trees feature's row) and "Your impact" (figures and charts)
 * follow. Other roles go to the home of their own role.
 */
export default function AppDashboard() {
  const t = useT(dashboardsMessages);
  usePageTitle(t('page.dashboard'));
  const user = useOutletContext<CurrentUser>();
  if (user.profileType !== 'individual')
    return <Navigate to={dashboardRouteFor(user.profileType)} replace />;
  const holder = user.name || user.username;
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold break-words">{t('welcome', { name: holder })}</h2>
      <ForestPreview />
      <NextDrive renderPass={(drive) => <PassDisclosure drive={drive} holder={holder} />} />
      <IndividualDashboard renderCareTask={(task) => <TaskRow task={task} />} />
    </div>
  );
}
