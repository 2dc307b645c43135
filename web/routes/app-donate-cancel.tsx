import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { donationsMessages } from '../features/donations/messages';
import { useT } from '../i18n/use-t';
import { PaymentCancelled } from '../features/donations/components/payment-cancelled';

/** /app/donate-tree/cancel?donation=<id> — back from the payment page without paying. */
export default function AppDonateCancel() {
  const t = useT(donationsMessages);
  usePageTitle(t('page.cancelled'));
  const [params] = useSearchParams();
  return <PaymentCancelled donationId={params.get('donation')} />;
}
