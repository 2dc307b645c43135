import { Link } from 'react-router';
import type { Forest } from '../../../../contract/forest';
import { Button, ButtonLink } from '../../../components/ui/button';
import { mutedText, textLink } from '../../../components/ui/looks';
import { TitledSection } from '../../../components/ui/titled-section';
import { EmptyState, LoadErrorCard, LoadingState } from '../../../components/ui/status-cards';
import { failureMessage } from '../../../lib/api-client';
import { useForest, useForestList, type ForestList } from '../api';
import { PATHS } from '../format';
import { ForestMap } from './forest-map';
import { FourNumbers } from '../../../components/ui/four-numbers';
import { ForestSummary } from './forest-summary';
import { ForestTimeline } from './forest-timeline';
import { ForestTreeCard } from './forest-tree-card';
import { GiftList } from './gift-list';

/** "Show more …" under a list while its cursor says there is more. */
function ShowMore({ list, what }: { list: ForestList; what: string }) {
  const query = useForestList(list);
  if (!query.hasNextPage) return null;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="secondary"
        busy={query.isFetchingNextPage}
        busyLabel="Loading…"
        onClick={() => void query.fetchNextPage()}
      >
        Show more {what}
      </Button>
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-error">
          {failureMessage(query.error, `More ${what} could not be loaded just now.`)}
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
  return (
    <div className="flex flex-col gap-6">
      <ForestSummary summary={forest.summary} />
      <FourNumbers title="My forest, counted honestly" numbers={forest.fourNumbers} />
      {gifts.length > 0 ? (
        <TitledSection title="Your tree gifts">
          <GiftList gifts={gifts} />
          <ShowMore list="gifts" what="gifts" />
        </TitledSection>
      ) : null}
      {hasMapPoints ? (
        <TitledSection title="Where your trees grow">
          <p className={`text-sm ${mutedText}`}>
            Trees you registered show where you placed them; trees planted for your gifts show their
            place to about 100 m.
          </p>
          <ForestMap trees={trees} />
        </TitledSection>
      ) : null}
      <TitledSection title="Your trees">
        {trees.length === 0 ? (
          <p className={mutedText}>
            No tree is in the ground for you yet. Your gifts appear here once the organiser records
            the planting.
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {trees.map((tree) => (
              <li key={tree.id}>
                <ForestTreeCard tree={tree} />
              </li>
            ))}
          </ul>
        )}
        <ShowMore list="trees" what="trees" />
      </TitledSection>
      <TitledSection title="What happened">
        {trees.length === 0 && updates.length === 0 ? (
          <p className={mutedText}>
            Plantings, photos from the field and news of your trees will show up here.
          </p>
        ) : (
          <ForestTimeline trees={trees} updates={updates} />
        )}
        <ShowMore list="updates" what="updates" />
      </TitledSection>
      <p className={`text-sm ${mutedText}`}>
        CO₂ figures follow one published method, with a likely range.{' '}
        <Link to={PATHS.impactMethod} className={textLink}>
          How is this computed?
        </Link>
      </p>
    </div>
  );
}

/** /app/my-forest: the trees a member registered and the trees their gifts paid for. */
export function MyForest() {
  const forest = useForest();
  if (forest.isPending) return <LoadingState label="Loading your forest…" />;
  if (forest.isError)
    return (
      <LoadErrorCard
        message={failureMessage(forest.error, 'Your forest could not be loaded just now.')}
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
              <ButtonLink to={PATHS.donate}>Donate trees</ButtonLink>
              <ButtonLink to={PATHS.register} variant="secondary">
                Register a tree
              </ButtonLink>
            </div>
          }
        >
          Your forest is empty for now. Fund trees at a planting drive, or register a tree you
          planted, and follow them here as they grow.
        </EmptyState>
      </div>
    );
  return <ForestBody forest={forest.data} />;
}
