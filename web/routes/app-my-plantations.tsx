import { useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { usePageTitle } from '../components/ui/page-title';
import { AddDriveButton } from '../features/drive-form/components/drive-form-modal';
import { MyDrives } from '../features/drives/components/my-drives';
import { useT } from '../i18n/use-t';
import { drivesMessages } from '../features/drives/messages';

/** /app/mydelive-event — the drives I organise and the drives I joined. */
export default function AppMyPlantations() {
  const t = useT(drivesMessages);
  usePageTitle(t('page.myPlantations'));
  const user = useOutletContext<CurrentUser>();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div className="flex justify-end empty:hidden">
        <AddDriveButton profileType={user.profileType} />
      </div>
      <MyDrives profileType={user.profileType} />
    </div>
  );
}
