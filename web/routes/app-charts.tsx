import { usePageTitle } from '../components/ui/page-title';
import { CommunityCharts } from '../features/dashboards/components/community-charts';

/** /app/charts: the community's trees, species, CO₂ and drives as charts with tables. */
export default function AppCharts() {
  usePageTitle('Charts');
  return <CommunityCharts />;
}
