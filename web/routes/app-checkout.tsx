import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { donationsMessages } from '../features/donations/messages';
import { useT } from '../i18n/use-t';
import { CheckoutSummary } from '../features/donations/components/checkout-summary';

/**
 * /app/checkout/:driveName/:kind/:desc?donation=<id> — the summary before paying. The path
 * segments only name the donation; what shows comes from the pending donation itself.
 */
export default function AppCheckout() {
  const t = useT(donationsMessages);
  usePageTitle(t('page.checkout'));
  const [params] = useSearchParams();
  return <CheckoutSummary donationId={params.get('donation')} />;
}
