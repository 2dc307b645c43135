import { SHARE_PATHS } from '../../../../contract/forest-sharing';
import { mutedText } from '../../../components/ui/looks';
import { ShareButtons } from '../../../components/ui/share-buttons';
import { formatCount, formatKg } from '../../../lib/numbers';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { usePublicForest } from '../api';
import { sharingMessages } from '../messages';
import {
  co2Text,
  Figure,
  Figures,
  GrowYourOwn,
  publicPageFallback,
  Section,
  SpeciesList,
  TreeGrid,
} from './public-pieces';

/** /forest/{handle}: a member's public forest. */
export function PublicForest({ handle }: { handle: string }) {
  const forest = usePublicForest(handle);
  const t = useT(sharingMessages);
  const locale = useIntlLocale();
  if (!forest.data)
    return publicPageFallback(forest, {
      loading: t('forest.loading'),
      notFoundTitle: t('forest.notFoundTitle'),
      notFound: t('forest.notFound'),
      failed: t('forest.failed'),
    });
  const data = forest.data;
  const { summary } = data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <title>{t('forest.pageTitle', { name: data.name })}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">
          {t('forest.heading', { name: data.name })}
        </h1>
        <p className={mutedText}>{t('forest.intro', { name: data.name })}</p>
      </header>
      <Figures>
        <Figure value={formatCount(summary.planted, locale)} label={t('forest.planted')} />
        <Figure value={formatCount(summary.alive, locale)} label={t('forest.alive')} />
        <Figure value={formatCount(summary.funded, locale)} label={t('forest.funded')} />
        <Figure value={formatKg(data.impact.co2Kg.mid, locale)} label={t('figure.co2')} />
      </Figures>
      <ShareButtons
        url={SHARE_PATHS.forest(data.handle)}
        title={t('forest.shareTitle', { name: data.name })}
        text={t('forest.shareText', {
          name: data.name,
          count: summary.planted || summary.funded,
        })}
        label={t('forest.shareLabel')}
      />
      {data.species.length > 0 ? (
        <Section title={t('section.species')}>
          <SpeciesList species={data.species} />
        </Section>
      ) : null}
      <Section title={t('forest.latest')}>
        {data.trees.length === 0 ? (
          <p className={mutedText}>{t('forest.noTrees')}</p>
        ) : (
          <>
            <TreeGrid trees={data.trees} />
            <p className={`text-sm ${mutedText}`}>
              {t('forest.places', {
                count: data.impact.trees,
                co2: co2Text(data.impact.co2Kg, t, locale),
              })}
            </p>
          </>
        )}
      </Section>
      <GrowYourOwn />
    </div>
  );
}
