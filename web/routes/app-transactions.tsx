import { usePageTitle } from '../components/ui/page-title';
import { Transactions } from '../features/donations/components/transactions';

/** /app/transactions — the caller's donations with status filter, paging and CSV. */
export default function AppTransactions() {
  usePageTitle('Transactions');
  return <Transactions />;
}
