import { useParams, useSearchParams } from 'react-router';
import { PublicLayout } from '../components/ui/public-layout';
import { ClaimGift } from '../features/gifts/components/claim-gift';
import { usePublicShareChrome } from '../features/sharing/components/public-pieces';

/** /claim/{code}: a gift of trees to claim (issue 19 §5), signed in or not. */
export default function ClaimGiftPage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const { header, footer } = usePublicShareChrome();
  return (
    <PublicLayout header={header} footer={footer}>
      <ClaimGift code={code} autoClaim={params.get('claim') === '1'} />
    </PublicLayout>
  );
}
