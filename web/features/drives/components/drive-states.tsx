import { DRIVE_MESSAGES } from '../../../../contract/drives';
import { NotFoundCard } from '../../../components/ui/status-cards';
import { PLANTATIONS_PATH } from '../format';
import { useT } from '../../../i18n/use-t';
import { drivesMessages } from '../messages';

/** Shown inside the app for an unknown or deleted drive. */
export function DriveNotFound() {
  const t = useT(drivesMessages);
  return (
    <NotFoundCard
      headingId="drive-missing"
      title={DRIVE_MESSAGES.notFound}
      to={PLANTATIONS_PATH}
      linkLabel={t('notFound.browse')}
    >
      {t('notFound.body')}
    </NotFoundCard>
  );
}
