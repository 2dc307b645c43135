import { useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { usePageTitle } from '../components/ui/page-title';
import { AddDriveButton } from '../features/drive-form/components/drive-form-modal';
import { PlantationsBrowser } from '../features/drives/components/plantations-browser';

/** /app/delive-event — every drive, filtered, as a list or on a map. */
export default function AppPlantations() {
  usePageTitle('Plantations');
  const user = useOutletContext<CurrentUser>();
  return <PlantationsBrowser actions={<AddDriveButton profileType={user.profileType} />} />;
}
