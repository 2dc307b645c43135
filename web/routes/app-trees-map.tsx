import { usePageTitle } from '../components/ui/page-title';
import { TreesMapView } from '../features/trees/components/trees-map-view';

/** /app/trees-map — every member's trees, rounded, clustered, by species and status. */
export default function AppTreesMap() {
  usePageTitle('Trees map');
  return <TreesMapView />;
}
