import { usePageTitle } from '../components/ui/page-title';
import { shellMessages } from '../app/messages';
import { useT } from '../i18n/use-t';

/** /app/blank: a spec route kept as an empty canvas inside the shell. */
export default function AppBlank() {
  const t = useT(shellMessages);
  usePageTitle(t('blank.title'));
  return <div className="min-h-64" data-testid="blank-page" />;
}
