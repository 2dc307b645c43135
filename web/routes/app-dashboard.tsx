import { lazy, Suspense, useState } from 'react';
import { Navigate, useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import type { Drive } from '../../contract/drives';
import { dashboardRouteFor } from '../../contract/session';
import { usePageTitle } from '../components/ui/page-title';
import { formatDriveRange } from '../lib/dates';
import { IndividualDashboard } from '../features/dashboards/components/individual-dashboard';
import { NextDrive } from '../features/dashboards/components/next-drive';
import { useDrivesToJoin, useIndividualDashboard, useNextDrive } from '../features/dashboards/api';
import { useForest } from '../features/forest/api';
import { ForestPreview } from '../features/forest/components/forest-preview';
import { LoadingState } from '../components/ui/status-cards';
import { useDeferredReady } from '../lib/use-deferred-ready';
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
 * The home's sections once every one of them has its first answer: the queries they read (shared,
 * asked once, at the same time) are asked here, and until all have answered the page shows one
 * loading state, so a section above never grows under one already shown (no layout shift).
 */
function Home({ holder }: { holder: string }) {
  const t = useT(dashboardsMessages);
  const forest = useForest();
  const next = useNextDrive();
  const dashboard = useIndividualDashboard();
  // With no drive ahead, the next-drive section lists drives to join: wait for those too.
  const toJoin = useDrivesToJoin(next.isSuccess && next.data === null);
  const answered = !(
    forest.isPending ||
    next.isPending ||
    dashboard.isPending ||
    (next.isSuccess && next.data === null && toJoin.isPending)
  );
  // The sections mount in a deferred render, in short tasks (useDeferredReady).
  const shown = useDeferredReady(answered);
  if (!shown) return <LoadingState label={t('ind.loading')} />;
  return (
    <>
      <ForestPreview />
      <NextDrive renderPass={(drive) => <PassDisclosure drive={drive} holder={holder} />} />
      <IndividualDashboard renderCareTask={(task) => <TaskRow task={task} />} />
    </>
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
      <Home holder={holder} />
    </div>
  );
}
