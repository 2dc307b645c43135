import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardDrive } from '../../../../contract/dashboards';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText, textLink } from '../../../components/ui/looks';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatDriveTime } from '../../../lib/dates';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { useCorporateDashboard } from '../api';
import { PATHS } from '../format';
import { dashboardsMessages } from '../messages';
import { Section } from './dashboard-section';

/** A drive held within this many days still asks for its trees and an update. */
export const JUST_HELD_DAYS = 14;

const checkInPath = (id: string) => `/app/drives/${encodeURIComponent(id)}/check-in`;

/** The drives among `past` (latest first) that started within JUST_HELD_DAYS of `now`. */
export function justHeld(past: readonly DashboardDrive[], now: number): DashboardDrive[] {
  const since = now - JUST_HELD_DAYS * 86_400_000;
  return past.filter((d) => Date.parse(d.startsAt) >= since);
}

function NextDriveCard({ drive }: { drive: DashboardDrive }) {
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  return (
    <div className="flex flex-col gap-3" data-testid="corporate-next-drive">
      <div>
        <p className={`text-sm font-semibold uppercase tracking-wide ${mutedText}`}>
          {t('next.title')}
        </p>
        <p className="text-xl font-bold break-words">
          <Link to={PATHS.drive(drive.id)} className={textLink}>
            {drive.name}
          </Link>
        </p>
        <p className={mutedText}>
          <time dateTime={drive.startsAt}>
            {formatDriveTime(drive.startsAt, drive.timeZone, locale)}
          </time>
        </p>
        <p className="break-words">{drive.location}</p>
        <p className={mutedText}>{t('corpNext.joinedSoFar', { count: drive.participants })}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* A full page load: only the desk's own page may use the camera (Permissions-Policy). */}
        <ButtonLink
          to={checkInPath(drive.id)}
          aria-label={t('corpNext.deskLabel', { name: drive.name })}
          reloadDocument
        >
          {t('corpNext.desk')}
        </ButtonLink>
        <ButtonLink variant="secondary" to={PATHS.drive(drive.id)}>
          {t('corpNext.drivePage')}
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * What an organisation does next (issue 23), above its figures: the next drive with its check-in
 * desk, drives just held that still want their trees recorded and an update, and what the page
 * adds (`extra`: the trees waiting for verification). Read from the all-time dashboard answer the
 * figures below start with (one request), so choosing a period never hides the next drive.
 */
export function CorporateNext({
  organisation,
  addDrive,
  extra,
}: {
  organisation?: string | undefined;
  /** The page's "Add Tree Drive" button, when the viewer may organise drives. */
  addDrive?: ReactNode;
  extra?: ReactNode;
}) {
  const dashboard = useCorporateDashboard(organisation, null);
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  let body: ReactNode;
  if (dashboard.isPending) body = <LoadingState label={t('corpNext.loading')} />;
  else if (dashboard.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(dashboard.error, t('corpNext.failed'))}
        onRetry={() => void dashboard.refetch()}
      />
    );
  else {
    const { upcomingList, upcoming, pastList } = dashboard.data.drives;
    const next = upcomingList[0];
    // "Now" is when the server read the figures: the same answer always lists the same drives.
    const held = justHeld(pastList, Date.parse(dashboard.data.computedAt));
    body = (
      <div className="grid gap-6 lg:grid-cols-2">
        {next ? (
          <div className="flex flex-col gap-2">
            <NextDriveCard drive={next} />
            {upcoming > 1 ? (
              <p className={`text-sm ${mutedText}`}>
                {t('corpNext.more', { count: upcoming - 1 })} ·{' '}
                <Link to={PATHS.myPlantations} className={textLink}>
                  {t('corpNext.seeMine')}
                </Link>
              </p>
            ) : null}
          </div>
        ) : (
          <EmptyState action={addDrive}>
            {t('corpNext.noneAhead')} {addDrive ? t('corpNext.planAdd') : t('corpNext.planOwners')}
          </EmptyState>
        )}
        <div className="flex flex-col gap-4">
          {held.length > 0 ? (
            <div>
              <h3 className="font-semibold">{t('corpNext.justHeld')}</h3>
              <ul className="divide-y divide-base-300" aria-label={t('corpNext.justHeldLabel')}>
                {held.map((drive) => (
                  <li key={drive.id} className="py-2" data-testid="corporate-just-held">
                    <Link to={PATHS.drive(drive.id)} className={textLink}>
                      {drive.name}
                    </Link>
                    <p className={`text-sm ${mutedText}`}>
                      {formatDriveTime(drive.startsAt, drive.timeZone, locale)} ·{' '}
                      {t('corpNext.joined', { count: drive.participants })}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className={mutedText}>{t('corpNext.noneHeld', { days: JUST_HELD_DAYS })}</p>
          )}
          {extra}
        </div>
      </div>
    );
  }
  return (
    <Section title={t('corpNext.title')} id="whats-next">
      {body}
    </Section>
  );
}
