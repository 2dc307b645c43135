import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { PaymentResult } from '../features/donations/components/payment-result';

/** /app/donate-tree/success?donation=<id> — waits for the payment to be confirmed, then thanks. */
export default function AppDonateSuccess() {
  usePageTitle('Donation');
  const [params] = useSearchParams();
  return <PaymentResult donationId={params.get('donation')} />;
}
