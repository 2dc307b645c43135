import { usePageTitle } from '../components/ui/page-title';
import { StockManager } from '../features/nursery/components/stock-manager';

/** /app/nursery-stock — a partner nursery's sapling stock: add, edit, delete. */
export default function AppNurseryStock() {
  usePageTitle('Sapling stock');
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <StockManager />
    </div>
  );
}
