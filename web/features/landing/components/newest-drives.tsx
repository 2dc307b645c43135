import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { useShowcaseDrives } from '../api';
import { SectionHeading } from './primitives';
import { useT } from '../../../i18n/use-t';
import { landingMessages } from '../messages';

// The cards (pictures, dates in each drive's zone) load in their own chunk, beside the answer.
const DriveCards = lazy(() => import('./drive-cards'));

function CardsLoading() {
  const t = useT(landingMessages);
  return (
    <div role="status" className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">{t('drives.loading')}</span>
      {/* As many as the answer usually holds (SHOWCASE_DRIVES), so the page hardly moves. */}
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} aria-hidden="true" className="skeleton aspect-[4/3] rounded-2xl" />
      ))}
    </div>
  );
}

/**
 * The newest drives (issue 23): the next ones to start, then the latest planted, with their
 * pictures and places, from GET /api/drives/newest. Left out entirely while there are none.
 */
export function NewestDrives() {
  const t = useT(landingMessages);
  const { data, isPending } = useShowcaseDrives();
  if (!isPending && (!data || data.length === 0)) return null;
  return (
    <section
      id="drives"
      aria-labelledby="drives-title"
      className="scroll-mt-20 bg-base-100 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="drives-title" eyebrow={t('drives.eyebrow')} title={t('drives.title')}>
          <p>{t('drives.intro')}</p>
        </SectionHeading>
        {data ? (
          <Suspense fallback={<CardsLoading />}>
            <DriveCards drives={data} />
          </Suspense>
        ) : (
          <CardsLoading />
        )}
        <div className="mt-10 text-center">
          <ButtonLink to="/register" variant="secondary">
            {t('drives.join')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
