import type { Forest } from '../../../../contract/forest';
import { formatCount } from '../../../lib/numbers';

/** The three headline figures in words a person reads at a glance. */
export function ForestSummary({ summary }: { summary: Forest['summary'] }) {
  const tiles = [
    {
      title: 'Trees you funded',
      value: summary.funded,
      detail: 'paid for with your gifts',
      testId: 'forest-funded',
    },
    {
      title: 'Trees in the ground',
      value: summary.planted,
      detail: 'planted by you or for your gifts',
      testId: 'forest-planted',
    },
    {
      title: 'Alive today',
      value: summary.alive,
      detail: 'of those, at the last check',
      testId: 'forest-alive',
    },
  ];
  return (
    <dl
      aria-label="Your forest in numbers"
      className="stats stats-vertical w-full bg-base-100 shadow-sm sm:stats-horizontal"
    >
      {tiles.map((tile) => (
        <div key={tile.title} className="stat" data-testid={tile.testId}>
          <dt className="stat-title text-base-content/80">{tile.title}</dt>
          <dd className="stat-value text-3xl text-primary">{formatCount(tile.value)}</dd>
          <dd className="stat-desc text-sm whitespace-normal text-base-content/80">
            {tile.detail}
          </dd>
        </div>
      ))}
    </dl>
  );
}
