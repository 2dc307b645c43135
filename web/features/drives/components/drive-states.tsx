import { DRIVE_MESSAGES } from '../../../../contract/drives';
import { NotFoundCard } from '../../../components/ui/status-cards';
import { PLANTATIONS_PATH } from '../format';

/** Shown inside the app for an unknown or deleted drive. */
export function DriveNotFound() {
  return (
    <NotFoundCard
      headingId="drive-missing"
      title={DRIVE_MESSAGES.notFound}
      to={PLANTATIONS_PATH}
      linkLabel="Browse Plantations"
    >
      The link may be wrong, or the organiser may have cancelled it.
    </NotFoundCard>
  );
}
