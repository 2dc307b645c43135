import { usePageTitle } from '../components/ui/page-title';
import { useT } from '../i18n/use-t';
import { treesMessages } from '../features/trees/messages';
import { MyTrees } from '../features/trees/components/my-trees';

/** /app/my-trees — the care due, replanting tasks and my trees (filters in the address). */
export default function AppMyTrees() {
  const t = useT(treesMessages);
  usePageTitle(t('page.myTrees'));
  return <MyTrees />;
}
