import { Link } from 'react-router';
import type { Forest } from '../../../../contract/forest';
import { Button, ButtonLink } from '../../../components/ui/button';
import { mutedText, textLink } from '../../../components/ui/looks';
import { TitledSection } from '../../../components/ui/titled-section';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/use-t';
import { useForest, useForestList, type ForestList } from '../api';
import { forestMessages } from '../messages';
import { PATHS } from '../format';
import { ForestMap } from './forest-map';
import { FourNumbers } from '../../../components/ui/four-numbers';
import { ForestSummary } from './forest-summary';
import { ForestTimeline } from './forest-timeline';
import { ForestTreeCard } from './forest-tree-card';
import { GiftList } from './gift-list';

/** "Show more …" under a list while its cursor says there is more. */
function ShowMore({ list }: { list: ForestList }) {
  const query = useForestList(list);
  const t = useT(forestMessages);
  if (!query.hasNextPage) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="secondary"
        busy={query.isFetchingNextPage}
        busyLabel={t('more.busy')}
        onClick={() => void query.fetchNextPage()}
      >
        {t(`more.${list}`)}
      </Button>
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-error">
          {failureMessage(query.error, t(`more.${list}Failed`))}
        </p>
      ) : null}
    </div>
  );
}

/** A list as far as it has been paged (the first page until "Show more" is used). */
function useLoaded<L extends ForestList>(list: L, first: Forest): Forest[L] {
  const query = useForestList(list);
  return query.data ?? first[list];
}

function ForestBody({ forest }: { forest: Forest }) {
  const gifts = useLoaded('gifts', forest);
  const trees = useLoaded('trees', forest);
  const updates = useLoaded('updates', forest);
  const hasMapPoints = trees.some((tree) => tree.lat !== null && tree.lng !== null);
  const t = useT(forestMessages);
  return (
    <div className="flex flex-col gap-6">
      <ForestSummary summary={forest.summary} />
      <FourNumbers title={t('fourNumbers.title')} numbers={forest.fourNumbers} />
      {gifts.length > 0 ? (
        <TitledSection title={t('section.gifts')}>
          <GiftList gifts={gifts} />
          <ShowMore list="gifts" />
        </TitledSection>
      ) : null}
      {hasMapPoints ? (
        <TitledSection title={t('section.map')}>
          <p className={`text-sm ${mutedText}`}>{t('section.mapHint')}</p>
          <ForestMap trees={trees} />
        </TitledSection>
      ) : null}
      <TitledSection title={t('section.trees')}>
        {trees.length === 0 ? (
          <p className={mutedText}>{t('section.noTrees')}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {trees.map((tree) => (
              <li key={tree.id}>
                <ForestTreeCard tree={tree} />
              </li>
            ))}
          </ul>
        )}
        <ShowMore list="trees" />
      </TitledSection>
      <TitledSection title={t('section.happened')}>
        {trees.length === 0 && updates.length === 0 ? (
          <p className={mutedText}>{t('section.nothingHappened')}</p>
        ) : (
          <ForestTimeline trees={trees} updates={updates} />
        )}
        <ShowMore list="updates" />
      </TitledSection>
      <p className={`text-sm ${mutedText}`}>
        {t('method.note')}{' '}
        <Link to={PATHS.impactMethod} className={textLink}>
          {t('method.link')}
        </Link>
      </p>
    </div>
  );
}

/** /app/my-forest: the trees a member registered and the trees their gifts paid for. */
export function MyForest() {
  const forest = useForest();
  const t = useT(forestMessages);
  if (forest.isPending) return <LoadingState label={t('loading')} />;
  if (forest.isError)
    return (
      <LoadErrorCard
        message={failureMessage(forest.error, t('failed'))}
        onRetry={() => void forest.refetch()}
      />
    );
  const { summary, gifts, trees, updates } = forest.data;
  // A participant or cash donor with no trees yet still reads the drives' field updates.
  if (
    summary.funded === 0 &&
    summary.planted === 0 &&
    gifts.length === 0 &&
    trees.length === 0 &&
    updates.length === 0
  )
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <EmptyState
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <ButtonLink to={PATHS.donate}>{t('donate')}</ButtonLink>
              <ButtonLink to={PATHS.register} variant="secondary">
                {t('register')}
              </ButtonLink>
            </div>
          }
        >
          {t('empty')}
        </EmptyState>
      </div>
    );
  return <ForestBody forest={forest.data} />;
}
