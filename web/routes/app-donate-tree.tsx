import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { DonateTree } from '../features/donations/components/donate-form';

/** /app/donate-tree[?drive=<id>] — give trees or cash to an upcoming drive or the general fund. */
export default function AppDonateTree() {
  usePageTitle('Donate Tree');
  const [params] = useSearchParams();
  const driveId = params.get('drive') ?? undefined;
  // A new drive in the address starts the form afresh with it chosen.
  return <DonateTree key={driveId ?? ''} driveId={driveId} />;
}
