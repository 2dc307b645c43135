import { useSearchParams } from 'react-router';
import { usePageTitle } from '../components/ui/page-title';
import { RegisterTree } from '../features/trees/components/register-tree';

/** /app/tree-registeration[?replaces=<dead tree id>] — register a tree (the spec's spelling). */
export default function AppTreeRegistration() {
  usePageTitle('Tree Registration');
  const [params] = useSearchParams();
  const replaces = params.get('replaces') || undefined;
  // A different tree to replace starts the form afresh.
  return <RegisterTree key={replaces ?? ''} replacesTreeId={replaces} />;
}
