import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { CheckoutSummary } from '../features/donations/components/checkout-summary';

/**
 * /app/checkout/:driveName/:kind/:desc?donation=<id> — the summary before paying. The path
 * segments only name the donation; what shows comes from the pending donation itself.
 */
export default function AppCheckout() {
  usePageTitle('Checkout');
  const [params] = useSearchParams();
  return <CheckoutSummary donationId={params.get('donation')} />;
}
