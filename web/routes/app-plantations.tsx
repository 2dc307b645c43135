import { useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { usePageTitle } from '../components/ui/page-title';
import { AddDriveButton } from '../features/drive-form/components/drive-form-modal';
import { PlantationsBrowser } from '../features/drives/components/plantations-browser';
import { useT } from '../i18n/use-t';
import { drivesMessages } from '../features/drives/messages';

/** /app/delive-event — every drive, filtered, as a list or on a map. */
export default function AppPlantations() {
  const t = useT(drivesMessages);
  usePageTitle(t('page.plantations'));
  const user = useOutletContext<CurrentUser>();
  return <PlantationsBrowser actions={<AddDriveButton profileType={user.profileType} />} />;
}
