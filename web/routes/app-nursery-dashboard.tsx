import { usePageTitle } from '../components/ui/page-title';
import { nurseryKey } from '../features/nursery/api';
import { NurseryDashboard } from '../features/nursery/components/nursery-dashboard';
import { RolePage } from '../app/role-page';
import { useT } from '../i18n/use-t';
import { nurseryMessages } from '../features/nursery/messages';
import { VerificationWaiting } from '../features/verification/components/verification-waiting';

/** /app/nursery-dashboard — a partner nursery's stock, reservations and deliveries. */
export default function AppNurseryDashboard() {
  const t = useT(nurseryMessages);
  usePageTitle(t('page.dashboard'));
  return (
    <RolePage for="nursery" about={t('page.dashboardAbout')} forbiddenKeys={[nurseryKey]}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <NurseryDashboard extra={<VerificationWaiting />} />
      </div>
    </RolePage>
  );
}
