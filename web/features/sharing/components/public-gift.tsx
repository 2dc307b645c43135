import { SHARE_PATHS, type PublicGift as Gift } from '../../../../contract/forest-sharing';
import { mutedText } from '../../../components/ui/looks';
import { ShareButtons } from '../../../components/ui/share-buttons';
import { formatCalendarDay } from '../../../lib/dates';
import { formatCount, formatKg } from '../../../lib/numbers';
import { usePublicGift } from '../api';
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

/** Where the gift stands, never a silent zero. */
function progress(gift: Gift, now = Date.now()): string {
  if (gift.status === 'planted') return 'Every tree of this gift is planted.';
  if (gift.status === 'partly-planted')
    return `${formatCount(gift.planted)} of ${treesText(gift.trees)} are planted.`;
  if (!gift.plantingOn) return 'Waiting to be planted at a drive.';
  return Date.parse(gift.plantingOn) > now
    ? `Planting on ${formatCalendarDay(gift.plantingOn)}.`
    : 'Waiting for the organiser to record the planting.';
}

/** /gift/{id}: one tree gift, the donor named unless anonymous. */
export function PublicGift({ id }: { id: string }) {
  const gift = usePublicGift(id);
  if (!gift.data)
    return publicPageFallback(gift, {
      loading: 'Loading the gift…',
      notFoundTitle: 'Gift not found',
      notFound: 'There is no tree gift at this address.',
      failed: 'This gift could not be loaded just now.',
    });
  const data = gift.data;
  const title = data.donorName
    ? `${data.donorName} gave ${treesText(data.trees)}`
    : `A gift of ${treesText(data.trees)}`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <title>{`${title} · Canopy`}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">{title}</h1>
        <p className={mutedText}>
          {data.driveName ? `For the planting drive “${data.driveName}”. ` : ''}
          {progress(data)}
        </p>
      </header>
      <Figures>
        <Figure value={formatCount(data.trees)} label="trees given" />
        <Figure value={formatCount(data.planted)} label="planted" />
        <Figure value={formatKg(data.impact.co2Kg.mid)} label="CO₂ stored (about)" />
      </Figures>
      <ShareButtons
        url={SHARE_PATHS.gift(data.id)}
        title={title}
        text={`${title} with Canopy.`}
        label="Share this gift"
      />
      {data.species.length > 0 ? (
        <Section title="Species">
          <SpeciesList species={data.species} />
        </Section>
      ) : null}
      {data.plantings.length > 0 ? (
        <Section title="Where the trees grow">
          <TreeGrid trees={data.plantings} />
          <p className={`text-sm ${mutedText}`}>
            Places are shown to about 100 m. CO₂ of these trees: {co2Text(data.impact.co2Kg)}, by
            one published method.
          </p>
        </Section>
      ) : null}
      <GrowYourOwn />
    </div>
  );
}
