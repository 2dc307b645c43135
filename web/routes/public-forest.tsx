import { useParams } from 'react-router';
import { PublicLayout } from '../components/ui/public-layout';
import { PublicForest } from '../features/sharing/components/public-forest';
import { usePublicShareChrome } from '../features/sharing/components/public-pieces';

/** /forest/{handle}: a member's public forest (the server adds its link-preview tags). */
export default function PublicForestPage() {
  const { handle = '' } = useParams();
  const { header, footer } = usePublicShareChrome();
  return (
    <PublicLayout header={header} footer={footer}>
      <PublicForest handle={handle} />
    </PublicLayout>
  );
}
