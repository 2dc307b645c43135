import { usePageTitle } from '../components/ui/page-title';
import { nurseryKey } from '../features/nursery/api';
import { StockManager } from '../features/nursery/components/stock-manager';
import { RolePage } from '../app/role-page';
import { useT } from '../i18n/use-t';
import { nurseryMessages } from '../features/nursery/messages';

/** /app/nursery-stock — a partner nursery's sapling stock: add, edit, delete. */
export default function AppNurseryStock() {
  const t = useT(nurseryMessages);
  usePageTitle(t('page.stock'));
  return (
    <RolePage for="nursery" about={t('page.stockAbout')} forbiddenKeys={[nurseryKey]}>
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        <StockManager />
      </div>
    </RolePage>
  );
}
