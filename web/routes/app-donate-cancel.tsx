import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { PaymentCancelled } from '../features/donations/components/payment-cancelled';

/** /app/donate-tree/cancel?donation=<id> — back from the payment page without paying. */
export default function AppDonateCancel() {
  usePageTitle('Payment cancelled');
  const [params] = useSearchParams();
  return <PaymentCancelled donationId={params.get('donation')} />;
}
