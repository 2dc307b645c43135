import { FOREST_PATH, type Forest } from '../../../../contract/forest';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { TitledSection } from '../../../components/ui/titled-section';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { formatCount, plural } from '../../../lib/numbers';
import { useForest } from '../api';
import { PATHS } from '../format';
import { ForestTreeCard } from './forest-tree-card';

/** Tree cards on the home (My forest shows them all). */
export const PREVIEW_TREES = 3;

/** The forest's three figures in one sentence a person reads at a glance. */
export function forestInWords({ funded, planted, alive }: Forest['summary']): string {
  const parts: string[] = [];
  if (funded > 0) parts.push(`Your gifts funded ${plural(funded, 'tree')}.`);
  if (planted > 0)
    parts.push(
      `${plural(planted, 'tree is', 'trees are')} in the ground for you, and ${formatCount(alive)} ${
        alive === 1 ? 'was' : 'were'
      } alive at the last check.`,
    );
  else if (funded > 0) parts.push('None is in the ground yet: you will see each one once planted.');
  return parts.join(' ');
}

/**
 * The home's first section (issue 23): the member's forest in words, a few of its trees with
 * their photos, and the way to all of it. From the first page of GET /api/forest, the answer My
 * forest opens with (one request, cached for both). A new member reads what would grow it.
 */
export function ForestPreview() {
  const forest = useForest();
  let body;
  if (forest.isPending) body = <LoadingState label="Loading your forest…" />;
  else if (forest.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(forest.error, 'Your forest could not be loaded just now.')}
        onRetry={() => void forest.refetch()}
      />
    );
  else {
    const { summary, trees } = forest.data;
    if (summary.funded === 0 && summary.planted === 0 && trees.length === 0)
      body = (
        <div data-testid="home-forest-empty">
          <EmptyState
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <ButtonLink to={PATHS.donate}>Donate trees</ButtonLink>
                <ButtonLink variant="secondary" to={PATHS.register}>
                  Register a tree
                </ButtonLink>
              </div>
            }
          >
            Your forest starts with one tree: fund trees planted at a drive, or register a tree you
            planted yourself. Each one shows here with its photo, and how it is doing.
          </EmptyState>
        </div>
      );
    else
      body = (
        <div className="flex flex-col gap-4">
          <p className="text-lg" data-testid="home-forest-words">
            {forestInWords(summary)}
          </p>
          {trees.length > 0 ? (
            <ul
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
              aria-label="Some of your trees"
            >
              {trees.slice(0, PREVIEW_TREES).map((tree, i) => (
                // One card on a phone, so the next drive is not far below; up to three on wider screens.
                <li key={tree.id} className={i > 0 ? 'hidden sm:block' : undefined}>
                  <ForestTreeCard tree={tree} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={mutedText}>Your trees show here once they are planted and registered.</p>
          )}
          <div>
            <ButtonLink variant="secondary" to={FOREST_PATH}>
              See my forest
            </ButtonLink>
          </div>
        </div>
      );
  }
  return (
    <TitledSection title="Your forest" id="my-forest">
      {body}
    </TitledSection>
  );
}
