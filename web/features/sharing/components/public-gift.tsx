import { SHARE_PATHS, type PublicGift as Gift } from '../../../../contract/forest-sharing';
import { mutedText } from '../../../components/ui/looks';
import { ShareButtons } from '../../../components/ui/share-buttons';
import { formatCalendarDay } from '../../../lib/dates';
import { formatCount, formatKg } from '../../../lib/numbers';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { usePublicGift } from '../api';
import { sharingMessages, type SharingT } from '../messages';
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

/** Where the gift stands, never a silent zero. */
function progress(gift: Gift, t: SharingT, locale?: string, now = Date.now()): string {
  if (gift.status === 'planted') return t('gift.planted');
  if (gift.status === 'partly-planted')
    return t('gift.partly', { planted: gift.planted, count: gift.trees });
  if (!gift.plantingOn) return t('gift.waitingDrive');
  return Date.parse(gift.plantingOn) > now
    ? t('gift.plantingOn', { date: formatCalendarDay(gift.plantingOn, locale) })
    : t('gift.waitingOrganiser');
}

/** /gift/{id}: one tree gift, the donor named unless anonymous. */
export function PublicGift({ id }: { id: string }) {
  const gift = usePublicGift(id);
  const t = useT(sharingMessages);
  const locale = useIntlLocale();
  if (!gift.data)
    return publicPageFallback(gift, {
      loading: t('gift.loading'),
      notFoundTitle: t('gift.notFoundTitle'),
      notFound: t('gift.notFound'),
      failed: t('gift.failed'),
    });
  const data = gift.data;
  const title = data.donorName
    ? t('gift.titleDonor', { donor: data.donorName, count: data.trees })
    : t('gift.titleAnonymous', { count: data.trees });
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <title>{t('gift.pageTitle', { title })}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">{title}</h1>
        <p className={mutedText}>
          {data.driveName ? t('gift.forDrive', { name: data.driveName }) : ''}
          {progress(data, t, locale)}
        </p>
      </header>
      <Figures>
        <Figure value={formatCount(data.trees, locale)} label={t('gift.given')} />
        <Figure value={formatCount(data.planted, locale)} label={t('gift.plantedFigure')} />
        <Figure value={formatKg(data.impact.co2Kg.mid, locale)} label={t('figure.co2')} />
      </Figures>
      <ShareButtons
        url={SHARE_PATHS.gift(data.id)}
        title={title}
        text={t('gift.shareText', { title })}
        label={t('gift.shareLabel')}
      />
      {data.species.length > 0 ? (
        <Section title={t('section.species')}>
          <SpeciesList species={data.species} />
        </Section>
      ) : null}
      {data.plantings.length > 0 ? (
        <Section title={t('gift.where')}>
          <TreeGrid trees={data.plantings} />
          <p className={`text-sm ${mutedText}`}>
            {t('gift.places', { co2: co2Text(data.impact.co2Kg, t, locale) })}
          </p>
        </Section>
      ) : null}
      <GrowYourOwn />
    </div>
  );
}
