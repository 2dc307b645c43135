import { usePageTitle } from '../components/ui/page-title';

/** /app/blank: a spec route kept as an empty canvas inside the shell. */
export default function AppBlank() {
  usePageTitle('Blank Page');
  return <div className="min-h-64" data-testid="blank-page" />;
}
