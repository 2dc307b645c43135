import { usePageTitle } from '../components/ui/page-title';
import { donationsMessages } from '../features/donations/messages';
import { useT } from '../i18n/use-t';
import { Transactions } from '../features/donations/components/transactions';

/** /app/transactions — the caller's donations with status filter, paging and CSV. */
export default function AppTransactions() {
  const t = useT(donationsMessages);
  usePageTitle(t('page.transactions'));
  return <Transactions />;
}
