import { usePageTitle } from '../components/ui/page-title';
import { MyForest } from '../features/forest/components/my-forest';
import { forestMessages } from '../features/forest/messages';
import { ShareForest } from '../features/sharing/components/share-forest';
import { useT } from '../i18n/use-t';

/** /app/my-forest — the summary, gifts, map, trees and timeline of the member's forest; sharing it. */
export default function AppMyForest() {
  const t = useT(forestMessages);
  usePageTitle(t('page.title'));
  return (
    <div className="flex flex-col gap-6">
      <MyForest />
      <ShareForest />
    </div>
  );
}
