import { lazy, Suspense } from 'react';
import { useImpactStats } from '../api';
import { SectionHeading } from './primitives';
import { useT } from '../../../i18n/use-t';
import { landingMessages } from '../messages';

// The figures and their words load in their own chunk (the heading is there from the start), so
// the landing's initial JavaScript carries no more than the section's title.
const figures = () => import('./impact-figures');
const ImpactFigures = lazy(async () => ({ default: (await figures()).ImpactFigures }));
const ImpactError = lazy(async () => ({ default: (await figures()).ImpactError }));

/** The stat tiles' shape while the figures (or their chunk) load. */
function StatsSkeleton() {
  const t = useT(landingMessages);
  return (
    <div
      role="status"
      className="mt-12 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      data-testid="impact-loading"
    >
      <span className="sr-only">{t('impact.loading')}</span>
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
  const t = useT(landingMessages);
  return (
    <section
      id="impact"
      aria-labelledby="impact-title"
      className="scroll-mt-20 bg-base-200 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="impact-title" eyebrow={t('impact.eyebrow')} title={t('impact.title')}>
          <p>{t('impact.intro')}</p>
        </SectionHeading>

        {isPending ? (
          <StatsSkeleton />
        ) : (
          <Suspense fallback={<StatsSkeleton />}>
            {isError && !data ? (
              <ImpactError onRetry={() => void refetch()} busy={isFetching} />
            ) : null}
            {data ? <ImpactFigures data={data} /> : null}
          </Suspense>
        )}
      </div>
    </section>
  );
}
