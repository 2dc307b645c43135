import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { donationsMessages } from '../features/donations/messages';
import { useT } from '../i18n/use-t';
import { TestCardCheckout } from '../features/donations/components/test-card-checkout';

/** /app/checkout-tree?donation=<id> — the built-in TEST MODE card page. */
export default function AppCheckoutTree() {
  const t = useT(donationsMessages);
  usePageTitle(t('page.testCheckout'));
  const [params] = useSearchParams();
  return <TestCardCheckout donationId={params.get('donation')} />;
}
