import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { TestCardCheckout } from '../features/donations/components/test-card-checkout';

/** /app/checkout-tree?donation=<id> — the built-in TEST MODE card page. */
export default function AppCheckoutTree() {
  usePageTitle('Test checkout');
  const [params] = useSearchParams();
  return <TestCardCheckout donationId={params.get('donation')} />;
}
