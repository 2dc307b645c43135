import { FOREST_PATH, type Forest } from '../../../../contract/forest';
import { ButtonLink } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/looks';
import { TitledSection } from '../../../components/ui/titled-section';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { useForest } from '../api';
import { PATHS } from '../format';
import { forestEnglish, forestMessages, type ForestT } from '../messages';
import { ForestTreeCard } from './forest-tree-card';

/** Tree cards on the home (My forest shows them all). */
export const PREVIEW_TREES = 3;

/** The forest's three figures in one sentence a person reads at a glance. */
export function forestInWords(
  { funded, planted, alive }: Forest['summary'],
  t: ForestT = forestEnglish,
): string {
  const parts: string[] = [];
  if (funded > 0) parts.push(t('words.funded', { count: funded }));
  if (planted > 0) parts.push(t('words.planted', { planted, alive }));
  else if (funded > 0) parts.push(t('words.noneYet'));
  return parts.join(' ');
}

/**
 * The home's first section (issue 23): the member's forest in words, a few of its trees with
 * their photos, and the way to all of it. From the first page of GET /api/forest, the answer My
 * forest opens with (one request, cached for both). A new member reads what would grow it.
 */
export function ForestPreview() {
  const forest = useForest();
  const t = useT(forestMessages);
  let body;
  if (forest.isPending) body = <LoadingState label={t('loading')} />;
  else if (forest.isError)
    body = (
      <LoadErrorCard
        message={failureMessage(forest.error, t('failed'))}
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
                <ButtonLink to={PATHS.donate}>{t('donate')}</ButtonLink>
                <ButtonLink variant="secondary" to={PATHS.register}>
                  {t('register')}
                </ButtonLink>
              </div>
            }
          >
            {t('preview.empty')}
          </EmptyState>
        </div>
      );
    else
      body = (
        <div className="flex flex-col gap-4">
          <p className="text-lg" data-testid="home-forest-words">
            {forestInWords(summary, t)}
          </p>
          {trees.length > 0 ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('preview.some')}>
              {trees.slice(0, PREVIEW_TREES).map((tree, i) => (
                // One card on a phone, so the next drive is not far below; up to three on wider screens.
                <li key={tree.id} className={i > 0 ? 'hidden sm:block' : undefined}>
                  <ForestTreeCard tree={tree} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={mutedText}>{t('preview.noTrees')}</p>
          )}
          <div>
            <ButtonLink variant="secondary" to={FOREST_PATH}>
              {t('preview.seeAll')}
            </ButtonLink>
          </div>
        </div>
      );
  }
  return (
    <TitledSection title={t('preview.title')} id="my-forest">
      {body}
    </TitledSection>
  );
}
