import { usePageTitle } from '../components/ui/page-title';
import { CalendarFeedPanel } from '../features/calendar/components/calendar-feed-panel';
import { ApiAccessPanel } from '../features/integrations/components/api-access-panel';
import { ApiTokensPanel } from '../features/integrations/components/api-tokens-panel';
import { DataExportsPanel } from '../features/integrations/components/data-exports-panel';
import { useT } from '../i18n/use-t';
import { integrationsMessages } from '../features/integrations/messages';

/** /app/integration — the calendar feed, data exports, the API reference and personal tokens. */
export default function AppIntegration() {
  const t = useT(integrationsMessages);
  usePageTitle(t('page.title'));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <CalendarFeedPanel />
      <DataExportsPanel />
      <ApiAccessPanel />
      <ApiTokensPanel />
    </div>
  );
}
