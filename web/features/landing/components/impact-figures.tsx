import { Link } from 'react-router';
import type { ImpactStats } from '../../../../contract/stats';
import { formatCount, formatDecimal, formatMoneyRounded } from '../../../lib/numbers';
import type { IconName } from '../content';
import { Icon } from './icons';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FourNumbers } from '../../../components/ui/four-numbers';
import { iconChip } from './primitives';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { rich, useT } from '../../../i18n/use-t';
import { landingMoreMessages, type LandingMoreT } from '../more-messages';

/** Kilograms below a tonne, tonnes (one decimal) from 1000 kg up; `unit` names its word. */
export function formatMass(
  kg: number,
  locale?: string,
): { value: string; unit: 'kg' | 'tonne' | 'tonnes' } {
  if (kg >= 1000) {
    const value = formatDecimal(kg / 1000, 1, locale);
    return { value, unit: value === formatCount(1, locale) ? 'tonne' : 'tonnes' };
  }
  return { value: formatCount(kg, locale), unit: 'kg' };
}

interface StatView {
  key: string;
  icon: IconName;
  label: string;
  value: string;
  unit?: string;
  note?: string;
}

function statViews(t: LandingMoreT, stats: ImpactStats, locale: string | undefined): StatView[] {
  const co2 = formatMass(stats.co2Kg, locale);
  const o2 = formatMass(stats.o2Kg, locale);
  const count = (value: number) => formatCount(value, locale);
  const members: StatView = {
    key: 'members',
    icon: 'people',
    label: t('stat.members'),
    value: count(stats.members),
  };
  if (stats.countries > 0) members.note = t('stat.countries', { count: stats.countries });
  return [
    {
      key: 'treesRegistered',
      icon: 'sprout',
      label: t('stat.treesRegistered'),
      value: count(stats.treesRegistered),
    },
    {
      key: 'treesDonated',
      icon: 'heart',
      label: t('stat.treesDonated'),
      value: count(stats.treesDonated),
    },
    {
      key: 'moneyRaised',
      icon: 'coin',
      label: t('stat.moneyRaised'),
      value: formatMoneyRounded(stats.moneyRaisedMinor, stats.currency, locale),
    },
    {
      key: 'drivesCreated',
      icon: 'calendar',
      label: t('stat.drivesCreated'),
      value: count(stats.drivesCreated),
    },
    {
      key: 'volunteerHours',
      icon: 'clock',
      label: t('stat.volunteerHours'),
      value: count(stats.volunteerHours),
    },
    {
      key: 'co2',
      icon: 'cloud',
      label: t('stat.co2'),
      value: co2.value,
      unit: t(`unit.${co2.unit}`),
    },
    {
      key: 'o2',
      icon: 'air',
      label: t('stat.o2'),
      value: o2.value,
      unit: t(`unit.${o2.unit}`),
    },
    members,
  ];
}

const statsGridClass = 'mt-12 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

function StatsGrid({ stats }: { stats: ImpactStats }) {
  const t = useT(landingMoreMessages);
  const locale = useIntlLocale();
  return (
    <dl className={statsGridClass}>
      {statViews(t, stats, locale).map((stat) => (
        <div
          key={stat.key}
          className="flex min-w-0 flex-col gap-2 rounded-2xl border border-base-content/10 bg-base-100 p-4 shadow-sm sm:gap-3 sm:p-5"
          data-testid={`stat-${stat.key}`}
        >
          <dt className="flex flex-col gap-2 text-sm font-medium text-base-content/80 sm:gap-3">
            <span className={iconChip}>
              <Icon name={stat.icon} />
            </span>
            {stat.label}
          </dt>
          <dd
            className="text-2xl font-bold tracking-tight break-words tabular-nums sm:text-3xl"
            data-testid={`stat-${stat.key}-value`}
          >
            {stat.value}
            {stat.unit ? (
              <span className="text-base font-semibold sm:text-lg"> {stat.unit}</span>
            ) : null}
            {stat.note ? (
              <span className="mt-1 block text-sm font-medium text-base-content/80">
                {stat.note}
              </span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The figures could not be read: said kindly, with a way to try again. */
export function ImpactError({ onRetry, busy }: { onRetry(): void; busy: boolean }) {
  const t = useT(landingMoreMessages);
  return (
    <div
      className="mx-auto mt-12 max-w-xl rounded-2xl border border-base-content/10 bg-base-100 p-6 text-center"
      data-testid="impact-error"
    >
      <p className="text-lg">{t('impact.error')}</p>
      <Button
        variant="secondary"
        className="mt-4"
        onClick={onRetry}
        busy={busy}
        busyLabel={t('impact.retrying')}
      >
        {t('impact.retry')}
      </Button>
    </div>
  );
}

/**
 * The community's figures below the impact section's heading, in their own chunk with their
 * words (landing-more): the four numbers, the stat tiles, the first-seed invitation and how
 * they are counted.
 */
export function ImpactFigures({ data }: { data: ImpactStats }) {
  const t = useT(landingMoreMessages);
  const locale = useIntlLocale();
  const firstSeed = data.treesRegistered === 0 && data.drivesCreated === 0;
  const updatedAt = new Date(data.computedAt);
  return (
    <>
      <FourNumbers
        className="mt-12"
        title={t('impact.fourTitle')}
        numbers={data}
        unconfirmed={data.treesUnconfirmed}
      />
      <StatsGrid stats={data} />
      {firstSeed ? (
        <div
          className="mt-8 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-primary/50 bg-base-100 p-6 text-center sm:flex-row sm:justify-between sm:text-left"
          data-testid="impact-first-seed"
        >
          <p className="flex items-center gap-3 text-lg font-medium">
            <span className={iconChip}>
              <Icon name="sprout" />
            </span>
            {t('impact.firstSeed')}
          </p>
          <ButtonLink to="/register">{t('impact.plantFirst')}</ButtonLink>
        </div>
      ) : null}
      <p className="mt-8 text-center text-sm text-base-content/80">
        {rich(t('impact.method'), {
          link: (text) => (
            <Link className="underline" to="/documentation#impact-method">
              {text}
            </Link>
          ),
        })}
        {Number.isNaN(updatedAt.getTime()) ? null : (
          <>
            {' '}
            {rich(
              t('impact.updated', {
                when: new Intl.DateTimeFormat(locale, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(updatedAt),
              }),
              { time: (text) => <time dateTime={data.computedAt}>{text}</time> },
            )}
          </>
        )}
      </p>
    </>
  );
}
