import { usePageTitle } from '../components/ui/page-title';
import { useT } from '../i18n/use-t';
import { treesMessages } from '../features/trees/messages';
import { TreesMapView } from '../features/trees/components/trees-map-view';

/** /app/trees-map — every member's trees, rounded, clustered, by species and status. */
export default function AppTreesMap() {
  const t = useT(treesMessages);
  usePageTitle(t('page.map'));
  return <TreesMapView />;
}
