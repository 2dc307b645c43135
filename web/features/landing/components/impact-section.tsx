import { Link } from 'react-router';
import type { ImpactStats } from '../../../../contract/stats';
import { formatCount, formatDecimal, formatMoneyRounded } from '../../../lib/numbers';
import { useImpactStats } from '../api';
import type { IconName } from '../content';
import { Icon } from './icons';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FourNumbers } from '../../../components/ui/four-numbers';
import { iconChip, SectionHeading } from './primitives';

/** Kilograms below a tonne, tonnes (one decimal) from 1000 kg up. */
export function formatMass(kg: number, locale?: string): { value: string; unit: string } {
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

function statViews(stats: ImpactStats): StatView[] {
  const co2 = formatMass(stats.co2Kg);
  const o2 = formatMass(stats.o2Kg);
  const members: StatView = {
    key: 'members',
    icon: 'people',
    label: 'Members',
    value: formatCount(stats.members),
  };
  if (stats.countries > 0) {
    members.note = `in ${formatCount(stats.countries)} ${stats.countries === 1 ? 'country' : 'countries'}`;
  }
  return [
    {
      key: 'treesRegistered',
      icon: 'sprout',
      label: 'Trees registered',
      value: formatCount(stats.treesRegistered),
    },
    {
      key: 'treesDonated',
      icon: 'heart',
      label: 'Trees donated',
      value: formatCount(stats.treesDonated),
    },
    {
      key: 'moneyRaised',
      icon: 'coin',
      label: 'Money raised',
      value: formatMoneyRounded(stats.moneyRaisedMinor, stats.currency),
    },
    {
      key: 'drivesCreated',
      icon: 'calendar',
      label: 'Tree drives created',
      value: formatCount(stats.drivesCreated),
    },
    {
      key: 'volunteerHours',
      icon: 'clock',
      label: 'Volunteer hours',
      value: formatCount(stats.volunteerHours),
    },
    {
      key: 'co2',
      icon: 'cloud',
      label: 'CO₂ absorbed (estimated)',
      value: co2.value,
      unit: co2.unit,
    },
    { key: 'o2', icon: 'air', label: 'O₂ released (estimated)', value: o2.value, unit: o2.unit },
    members,
  ];
}

const gridClass = 'mt-12 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4';

function StatsGrid({ stats }: { stats: ImpactStats }) {
  return (
    <dl className={gridClass}>
      {statViews(stats).map((stat) => (
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

function StatsSkeleton() {
  return (
    <div role="status" className={gridClass} data-testid="impact-loading">
      <span className="sr-only">Loading impact figures</span>
      {Array.from({ length: 8 }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="flex flex-col gap-3 rounded-2xl border border-base-content/10 bg-base-100 p-4 sm:p-5"
        >
          <div className="skeleton h-12 w-12 rounded-2xl" />
          <div className="skeleton h-4 w-2/3" />
          <div className="skeleton h-8 w-1/2" />
        </div>
      ))}
    </div>
  );
}

export function ImpactSection() {
  const { data, isPending, isError, refetch, isFetching } = useImpactStats();
  const firstSeed = data !== undefined && data.treesRegistered === 0 && data.drivesCreated === 0;
  const updatedAt = data ? new Date(data.computedAt) : undefined;

  return (
    <section
      id="impact"
      aria-labelledby="impact-title"
      className="scroll-mt-20 bg-base-200 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="impact-title"
          eyebrow="Our impact"
          title="What the community has grown so far"
        >
          <p>
            Live figures from everyone planting, donating and volunteering with Canopy. Every number
            here is a real tree, a real gift or a real hour.
          </p>
        </SectionHeading>

        {isPending ? <StatsSkeleton /> : null}

        {isError && !data ? (
          <div
            className="mx-auto mt-12 max-w-xl rounded-2xl border border-base-content/10 bg-base-100 p-6 text-center"
            data-testid="impact-error"
          >
            <p className="text-lg">
              We couldn’t gather the latest impact figures just now. The trees are still growing;
              please try again in a moment.
            </p>
            <Button
              variant="secondary"
              className="mt-4"
              onClick={() => void refetch()}
              busy={isFetching}
              busyLabel="Trying again…"
            >
              Try again
            </Button>
          </div>
        ) : null}

        {data ? (
          <>
            <FourNumbers
              className="mt-12"
              title="The community's trees, counted honestly"
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
                  Every forest starts with a single seed — be the first to plant.
                </p>
                <ButtonLink to="/register">Plant the first tree</ButtonLink>
              </div>
            ) : null}
            <p className="mt-8 text-center text-sm text-base-content/80">
              CO₂ and O₂ figures are estimates based on published growth figures for each species
              and the age of every tree alive at its last check (
              <Link className="underline" to="/documentation#impact-method">
                how we count
              </Link>
              ).
              {updatedAt && !Number.isNaN(updatedAt.getTime()) ? (
                <>
                  {' '}
                  Updated{' '}
                  <time dateTime={data.computedAt}>
                    {new Intl.DateTimeFormat(undefined, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }).format(updatedAt)}
                  </time>
                  .
                </>
              ) : null}
            </p>
          </>
        ) : null}
      </div>
    </section>
  );
}
