import type { Forest } from '../../../../contract/forest';
import { useIntlLocale } from '../../../i18n/intl-locale';
import { useT } from '../../../i18n/use-t';
import { formatCount } from '../../../lib/numbers';
import { forestMessages } from '../messages';

/** The three headline figures in words a person reads at a glance. */
export function ForestSummary({ summary }: { summary: Forest['summary'] }) {
  const t = useT(forestMessages);
  const locale = useIntlLocale();
  const tiles = [
    {
      title: t('summary.funded'),
      value: summary.funded,
      detail: t('summary.fundedDetail'),
      testId: 'forest-funded',
    },
    {
      title: t('summary.planted'),
      value: summary.planted,
      detail: t('summary.plantedDetail'),
      testId: 'forest-planted',
    },
    {
      title: t('summary.alive'),
      value: summary.alive,
      detail: t('summary.aliveDetail'),
      testId: 'forest-alive',
    },
  ];
  return (
    <dl
      aria-label={t('summary.label')}
      className="stats stats-vertical w-full bg-base-100 shadow-sm sm:stats-horizontal"
    >
      {tiles.map((tile) => (
        <div key={tile.testId} className="stat" data-testid={tile.testId}>
          <dt className="stat-title text-base-content/80">{tile.title}</dt>
          <dd className="stat-value text-3xl text-primary">{formatCount(tile.value, locale)}</dd>
          <dd className="stat-desc text-sm whitespace-normal text-base-content/80">
            {tile.detail}
          </dd>
        </div>
      ))}
    </dl>
  );
}
