import { usePageTitle } from '../components/ui/page-title';
import { CommunityCharts } from '../features/dashboards/components/community-charts';
import { dashboardsMessages } from '../features/dashboards/messages';
import { useT } from '../i18n/use-t';

/** /app/charts: the community's trees, species, CO₂ and drives as charts with tables. */
export default function AppCharts() {
  const t = useT(dashboardsMessages);
  usePageTitle(t('page.charts'));
  return <CommunityCharts />;
}
