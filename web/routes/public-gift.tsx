import { useParams } from 'react-router';
import { PublicLayout } from '../components/ui/public-layout';
import { PublicGift } from '../features/sharing/components/public-gift';
import { usePublicShareChrome } from '../features/sharing/components/public-pieces';

/** /gift/{id}: one tree gift, public (the server adds its link-preview tags). */
export default function PublicGiftPage() {
  const { id = '' } = useParams();
  const { header, footer } = usePublicShareChrome();
  return (
    <PublicLayout header={header} footer={footer}>
      <PublicGift id={id} />
    </PublicLayout>
  );
}
