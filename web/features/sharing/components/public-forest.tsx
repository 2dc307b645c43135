import { SHARE_PATHS } from '../../../../contract/forest-sharing';
import { mutedText } from '../../../components/ui/looks';
import { ShareButtons } from '../../../components/ui/share-buttons';
import { formatCount, formatKg } from '../../../lib/numbers';
import { usePublicForest } from '../api';
import {
  co2Text,
  Figure,
  Figures,
  GrowYourOwn,
  publicPageFallback,
  Section,
  SpeciesList,
  TreeGrid,
  treesText,
} from './public-pieces';

/** /forest/{handle}: a member's public forest. */
export function PublicForest({ handle }: { handle: string }) {
  const forest = usePublicForest(handle);
  if (!forest.data)
    return publicPageFallback(forest, {
      loading: 'Loading the forest…',
      notFoundTitle: 'This forest is not public',
      notFound: 'There is no public forest at this address. Its owner may have made it private.',
      failed: 'This forest could not be loaded just now.',
    });
  const data = forest.data;
  const { summary } = data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <title>{`${data.name}’s forest · Canopy`}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">
          {data.name}’s forest
        </h1>
        <p className={mutedText}>
          Trees {data.name} planted or funded with Canopy, followed as they grow.
        </p>
      </header>
      <Figures>
        <Figure value={formatCount(summary.planted)} label="trees planted" />
        <Figure value={formatCount(summary.alive)} label="alive at the last check" />
        <Figure value={formatCount(summary.funded)} label="trees funded by gifts" />
        <Figure value={formatKg(data.impact.co2Kg.mid)} label="CO₂ stored (about)" />
      </Figures>
      <ShareButtons
        url={SHARE_PATHS.forest(data.handle)}
        title={`${data.name}’s forest on Canopy`}
        text={`${data.name} is growing ${treesText(summary.planted || summary.funded)} with Canopy.`}
        label="Share this forest"
      />
      {data.species.length > 0 ? (
        <Section title="Species">
          <SpeciesList species={data.species} />
        </Section>
      ) : null}
      <Section title="Latest trees">
        {data.trees.length === 0 ? (
          <p className={mutedText}>No tree is in the ground yet: the first plantings show here.</p>
        ) : (
          <>
            <TreeGrid trees={data.trees} />
            <p className={`text-sm ${mutedText}`}>
              Places are shown to about 100 m. CO₂ of the {treesText(data.impact.trees)} shown:{' '}
              {co2Text(data.impact.co2Kg)}, by one published method.
            </p>
          </>
        )}
      </Section>
      <GrowYourOwn />
    </div>
  );
}
