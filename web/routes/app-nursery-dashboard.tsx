import { usePageTitle } from '../components/ui/page-title';
import { nurseryKey } from '../features/nursery/api';
import { NurseryDashboard } from '../features/nursery/components/nursery-dashboard';
import { RolePage } from '../app/role-page';
import { VerificationWaiting } from '../features/verification/components/verification-waiting';

/** /app/nursery-dashboard — a partner nursery's stock, reservations and deliveries. */
export default function AppNurseryDashboard() {
  usePageTitle('Nursery dashboard');
  return (
    <RolePage
      for="nursery"
      about="The nursery dashboard shows a partner nursery its sapling stock, the reservations drive organisers make and the deliveries ahead; only partner nursery accounts can use it."
      forbiddenKeys={[nurseryKey]}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <NurseryDashboard extra={<VerificationWaiting />} />
      </div>
    </RolePage>
  );
}
