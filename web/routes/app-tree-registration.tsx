import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { useT } from '../i18n/use-t';
import { treesMessages } from '../features/trees/messages';
import { RegisterTree } from '../features/trees/components/register-tree';

/**
 * /app/tree-registeration[?replaces=<dead tree id>][&driveId=<drive>] — register a tree (the
 * spec's spelling); `driveId` starts it at a drive (the organiser's planting reminder links so).
 */
export default function AppTreeRegistration() {
  const t = useT(treesMessages);
  usePageTitle(t('page.register'));
  const [params] = useSearchParams();
  const replaces = params.get('replaces') || undefined;
  const driveId = params.get('driveId') || undefined;
  // A different tree to replace starts the form afresh.
  return (
    <RegisterTree
      key={`${replaces ?? ''}:${driveId ?? ''}`}
      replacesTreeId={replaces}
      driveId={driveId}
    />
  );
}
