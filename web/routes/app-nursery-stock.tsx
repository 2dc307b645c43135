import { usePageTitle } from '../components/ui/page-title';
import { nurseryKey } from '../features/nursery/api';
import { StockManager } from '../features/nursery/components/stock-manager';
import { RolePage } from '../app/role-page';

/** /app/nursery-stock — a partner nursery's sapling stock: add, edit, delete. */
export default function AppNurseryStock() {
  usePageTitle('Sapling stock');
  return (
    <RolePage
      for="nursery"
      about="Sapling stock is where a partner nursery lists the saplings it grows, so drive organisers can reserve them; only partner nursery accounts can use it."
      forbiddenKeys={[nurseryKey]}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <StockManager />
      </div>
    </RolePage>
  );
}
