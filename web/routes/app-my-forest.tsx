import { usePageTitle } from '../components/ui/page-title';
import { MyForest } from '../features/forest/components/my-forest';

/** /app/my-forest — the summary, gifts, map, trees and timeline of the member's forest. */
export default function AppMyForest() {
  usePageTitle('My forest');
  return <MyForest />;
}
