import { usePageTitle } from '../components/ui/page-title';
import { NurseryDashboard } from '../features/nursery/components/nursery-dashboard';

/** /app/nursery-dashboard — a partner nursery's stock, reservations and deliveries. */
export default function AppNurseryDashboard() {
  usePageTitle('Nursery dashboard');
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <NurseryDashboard />
    </div>
  );
}
