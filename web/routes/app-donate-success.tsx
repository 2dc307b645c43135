import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { donationsMessages } from '../features/donations/messages';
import { useT } from '../i18n/use-t';
import { PaymentResult } from '../features/donations/components/payment-result';

/** /app/donate-tree/success?donation=<id> — waits for the payment to be confirmed, then thanks. */
export default function AppDonateSuccess() {
  const t = useT(donationsMessages);
  usePageTitle(t('page.success'));
  const [params] = useSearchParams();
  return <PaymentResult donationId={params.get('donation')} />;
}
