import { usePageTitle } from '../components/ui/page-title';
import { donationsMessages } from '../features/donations/messages';
import { useT } from '../i18n/use-t';
import { BillingDetails } from '../features/donations/components/billing-form';
import { ReceiptsList } from '../features/donations/components/receipts-list';
import { RecurringGifts } from '../features/donations/components/recurring-gifts';
import { YearlyStatements } from '../features/donations/components/yearly-statements';

/**
 * /app/settings-billing — recurring gifts (issue 22), billing details printed on receipts, the
 * receipts, and the yearly statements.
 */
export default function AppSettingsBilling() {
  const t = useT(donationsMessages);
  usePageTitle(t('page.billing'));
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <RecurringGifts />
      <BillingDetails />
      <ReceiptsList />
      <YearlyStatements />
    </div>
  );
}
