import { usePageTitle } from '../components/ui/page-title';
import { MyForest } from '../features/forest/components/my-forest';
import { ShareForest } from '../features/sharing/components/share-forest';

/** /app/my-forest — the summary, gifts, map, trees and timeline of the member's forest; sharing it. */
export default function AppMyForest() {
  usePageTitle('My forest');
  return (
    <div className="flex flex-col gap-6">
      <MyForest />
      <ShareForest />
    </div>
  );
}
