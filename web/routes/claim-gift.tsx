import { useParams, useSearchParams } from 'react-router';
import { PublicLayout } from '../components/ui/public-layout';
import { ClaimGift } from '../features/gifts/components/claim-gift';
import { PUBLIC_SHARE_FOOTER } from './public-forest';

/** /claim/{code}: a gift of trees to claim (issue 19 §5), signed in or not. */
export default function ClaimGiftPage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <PublicLayout
      header={{ links: [{ label: 'Home', href: '/' }], actions: ['signIn'] }}
      footer={PUBLIC_SHARE_FOOTER}
    >
      <ClaimGift code={code} autoClaim={params.get('claim') === '1'} />
    </PublicLayout>
  );
}
