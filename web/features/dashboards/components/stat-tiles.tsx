import type { ReactNode } from 'react';

export interface StatTile {
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  testId?: string;
}

/** The headline figures of a dashboard as daisyUI stats (a description list). */
export function StatTiles({ label, tiles }: { label: string; tiles: StatTile[] }) {
  return (
    <div role="group" aria-label={label}>
      <dl className="stats stats-vertical w-full bg-base-100 shadow-sm md:stats-horizontal md:flex-wrap">
        {tiles.map((tile) => (
          <div key={tile.title} className="stat min-w-48" data-testid={tile.testId}>
            <dt className="stat-title text-base-content/80">{tile.title}</dt>
            <dd className="stat-value text-3xl text-primary">{tile.value}</dd>
            {tile.detail ? (
              <dd className="stat-desc text-sm text-base-content/80 whitespace-normal">
                {tile.detail}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </div>
  );
}
