import { lazy, Suspense } from 'react';
import { useTestimonials } from '../api';
import { SectionHeading } from './primitives';
import { useT } from '../../../i18n/use-t';
import { landingMessages } from '../messages';

// The carousel and the words around it load in their own chunk, beside the answer they show.
const carousel = () => import('./testimonials-carousel');
const TestimonialsCarousel = lazy(async () => ({
  default: (await carousel()).TestimonialsCarousel,
}));
const TestimonialsEmpty = lazy(async () => ({ default: (await carousel()).TestimonialsEmpty }));
const TestimonialsConsent = lazy(async () => ({
  default: (await carousel()).TestimonialsConsent,
}));

function CarouselLoading() {
  const t = useT(landingMessages);
  return (
    <div role="status" className="mx-auto mt-12 max-w-3xl">
      <span className="sr-only">{t('testimonials.loading')}</span>
      <div aria-hidden="true" className="skeleton h-56 rounded-3xl" />
    </div>
  );
}

/**
 * The testimonials section (spec §9, issue 23): the newest words members chose to show on the
 * home page, from GET /api/testimonials. Fewer than three members opted in: those there are;
 * none: an invitation to be the first — never made-up people (docs/decisions/landing-page.md).
 */
export function TestimonialsSection() {
  const { data, isPending } = useTestimonials();
  const t = useT(landingMessages);
  return (
    <section aria-labelledby="testimonials-title" className="bg-base-100 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow={t('testimonials.eyebrow')}
          title={t('testimonials.title')}
        />
        {isPending ? (
          <CarouselLoading />
        ) : (
          <Suspense fallback={<CarouselLoading />}>
            {data && data.length > 0 ? (
              <>
                <TestimonialsCarousel items={data} />
                <TestimonialsConsent />
              </>
            ) : (
              <TestimonialsEmpty />
            )}
          </Suspense>
        )}
      </div>
    </section>
  );
}
