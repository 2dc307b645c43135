import { Link } from 'react-router';
import type { DashboardDrive } from '../../../../contract/dashboards';
import { mutedText, textLink } from '../../../components/ui/looks';
import { formatDriveTime } from '../../../lib/dates';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { dashboardsMessages } from '../messages';
import { PATHS } from '../format';

/** Drives on a dashboard: each links to its page, with when, where and how many joined. */
export function DashboardDriveList({
  label,
  drives,
  testId,
}: {
  label: string;
  drives: DashboardDrive[];
  /** Each item's test id. */
  testId: string;
}) {
  const t = useT(dashboardsMessages);
  const locale = useIntlLocale();
  return (
    <ul className="divide-y divide-base-300" aria-label={label}>
      {drives.map((drive) => (
        <li key={drive.id} className="py-2" data-testid={testId}>
          <Link to={PATHS.drive(drive.id)} className={textLink}>
            {drive.name}
          </Link>
          <p className={`text-sm ${mutedText}`}>
            {t('driveList.line', {
              when: formatDriveTime(drive.startsAt, drive.timeZone, locale),
              place: drive.location,
              count: drive.participants,
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}
