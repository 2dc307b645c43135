import { usePageTitle } from '../components/ui/page-title';
import { MyTrees } from '../features/trees/components/my-trees';

/** /app/my-trees — the care due, replanting tasks and my trees (filters in the address). */
export default function AppMyTrees() {
  usePageTitle('My Trees');
  return <MyTrees />;
}
