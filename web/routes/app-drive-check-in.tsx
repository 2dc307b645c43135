import { useParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { CheckInDesk } from '../features/attendance/components/check-in-desk';
import { DriveNotFound } from '../features/drives/components/drive-states';
import { useT } from '../i18n/use-t';
import { attendanceMessages } from '../features/attendance/messages';

/**
 * /app/drives/:id/check-in — a drive's check-in desk, for its organiser and the organisation's
 * owners and admins (the server refuses anyone else, and the page says so).
 */
export default function AppDriveCheckIn() {
  const t = useT(attendanceMessages);
  usePageTitle(t('page.title'));
  const { id } = useParams();
  if (!id) return <DriveNotFound />;
  return <CheckInDesk driveId={id} />;
}
