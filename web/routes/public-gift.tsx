import { useParams } from 'react-router';
import { PublicLayout } from '../components/ui/public-layout';
import { PublicGift } from '../features/sharing/components/public-gift';
import { PUBLIC_SHARE_FOOTER } from './public-forest';

/** /gift/{id}: one tree gift, public (the server adds its link-preview tags). */
export default function PublicGiftPage() {
  const { id = '' } = useParams();
  return (
    <PublicLayout
      header={{ links: [{ label: 'Home', href: '/' }], actions: ['signIn'] }}
      footer={PUBLIC_SHARE_FOOTER}
    >
      <PublicGift id={id} />
    </PublicLayout>
  );
}
