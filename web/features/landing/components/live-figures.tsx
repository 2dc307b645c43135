import { formatCount } from '../../../lib/numbers';
import { useT } from '../../../i18n/use-t';
import { commonMessages } from '../../../i18n/common';
import { useImpactStats } from '../api';
import { landingMessages } from '../messages';

/**
 * The community's live figures in the hero, above the fold (issue 23): the four honest numbers'
 * "planted" and "alive at last check", members and countries, from GET /api/stats (the same
 * query as the impact section below, so one request). Nothing is shown until the real figures
 * arrive: a visitor never sees a sample number.
 */
export function LiveFigures() {
  const t = useT(landingMessages);
  const tc = useT(commonMessages);
  const { data } = useImpactStats();
  const figures = data
    ? [
        { key: 'planted', value: data.treesPlanted, label: tc('four.treesPlanted') },
        {
          key: 'alive',
          value: data.treesAliveChecked,
          label: tc('four.treesAliveChecked'),
        },
        { key: 'members', value: data.members, label: t('live.members') },
        { key: 'countries', value: data.countries, label: t('live.countries') },
      ]
    : undefined;
  return (
    <div className="mt-10 min-h-[4.5rem]" data-testid="hero-live">
      {figures ? (
        <dl className="grid max-w-xl grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
          {figures.map((figure) => (
            <div key={figure.key} className="flex min-w-0 flex-col border-l-4 border-primary pl-3">
              <dt className="text-sm text-base-content/80">{figure.label}</dt>
              <dd
                className="order-first text-2xl font-bold tabular-nums"
                data-testid={`hero-live-${figure.key}`}
              >
                {formatCount(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p role="status" className="sr-only">
          {t('live.loading')}
        </p>
      )}
    </div>
  );
}
