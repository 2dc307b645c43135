import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { useTestimonials } from '../api';
import { SectionHeading } from './primitives';

// The carousel loads in its own chunk, beside the answer it shows.
const TestimonialsCarousel = lazy(async () => ({
  default: (await import('./testimonials-carousel')).TestimonialsCarousel,
}));

function CarouselLoading() {
  return (
    <div role="status" className="mx-auto mt-12 max-w-3xl">
      <span className="sr-only">Loading testimonials</span>
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
  return (
    <section aria-labelledby="testimonials-title" className="bg-base-100 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Voices from the community"
          title="People who plant with Canopy"
        />
        {isPending ? (
          <CarouselLoading />
        ) : data && data.length > 0 ? (
          <Suspense fallback={<CarouselLoading />}>
            <TestimonialsCarousel items={data} />
          </Suspense>
        ) : (
          <div
            className="mx-auto mt-12 flex max-w-3xl flex-col items-center gap-4 rounded-3xl border border-dashed border-primary/50 p-8 text-center"
            data-testid="testimonials-empty"
          >
            <p className="text-lg">
              No member has shared their story here yet. Planted with Canopy? Your words could be
              the first.
            </p>
            <ButtonLink to="/app/settings-profile" variant="secondary">
              Share your story
            </ButtonLink>
          </div>
        )}
        {data && data.length > 0 ? (
          <p className="mt-6 text-center text-sm text-base-content/80">
            Written by members, shown with their consent. Members can add theirs in their profile
            settings.
          </p>
        ) : null}
      </div>
    </section>
  );
}
