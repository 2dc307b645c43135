import { usePageTitle } from '../components/ui/page-title';
import { BillingDetails } from '../features/donations/components/billing-form';
import { ReceiptsList } from '../features/donations/components/receipts-list';

/** /app/settings-billing — billing details printed on receipts, and the receipts. */
export default function AppSettingsBilling() {
  usePageTitle('Billing');
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <BillingDetails />
      <ReceiptsList />
    </div>
  );
}
