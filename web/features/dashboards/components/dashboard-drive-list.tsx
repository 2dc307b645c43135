import { Link } from 'react-router';
import type { DashboardDrive } from '../../../../contract/dashboards';
import { mutedText, textLink } from '../../../components/ui/looks';
import { formatDriveTime } from '../../../lib/dates';
import { formatCount } from '../../../lib/numbers';
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
  return (
    <ul className="divide-y divide-base-300" aria-label={label}>
      {drives.map((drive) => (
        <li key={drive.id} className="py-2" data-testid={testId}>
          <Link to={PATHS.drive(drive.id)} className={textLink}>
            {drive.name}
          </Link>
          <p className={`text-sm ${mutedText}`}>
            {formatDriveTime(drive.startsAt, drive.timeZone)} · {drive.location} ·{' '}
            {formatCount(drive.participants)} joined
          </p>
        </li>
      ))}
    </ul>
  );
}
