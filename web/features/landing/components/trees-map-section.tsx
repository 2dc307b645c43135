import { lazy, Suspense } from 'react';
import { LazyMount } from '../../../components/ui/lazy-mount';
import { SectionHeading } from './primitives';

// Leaflet, the map kit and the map's contract load only when this section nears the screen,
// in their own chunks: the landing entry holds no map code (docs/decisions/landing-page.md).
const LandingTreesMap = lazy(() => import('./trees-map'));

/** The placeholder is the map and its caption's height, so nothing moves when they arrive. */
function MapPlaceholder() {
  return (
    <div
      className="flex h-[452px] items-center justify-center rounded-box border border-base-300 bg-base-200"
      role="status"
    >
      Loading map…
    </div>
  );
}

/** Where the community's trees grow, below the fold (issue 23). */
export function TreesMapSection() {
  return (
    <section
      id="map"
      aria-labelledby="map-title"
      className="scroll-mt-20 bg-base-200 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="map-title"
          eyebrow="Where trees grow"
          title="Every tree on the map, counted"
        >
          <p>
            Trees members have planted and registered, grouped by area. Zoom in to see where drives
            took root; exact places stay private.
          </p>
        </SectionHeading>
        <div className="mt-12">
          <LazyMount placeholder={<MapPlaceholder />}>
            <Suspense fallback={<MapPlaceholder />}>
              <LandingTreesMap />
            </Suspense>
          </LazyMount>
        </div>
      </div>
    </section>
  );
}
