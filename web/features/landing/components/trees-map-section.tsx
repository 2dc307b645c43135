import { lazy, Suspense } from 'react';
import { LazyMount } from '../../../components/ui/lazy-mount';
import { SectionHeading } from './primitives';
import { useT } from '../../../i18n/use-t';
import { landingMessages } from '../messages';

// Leaflet, the map kit and the map's contract load only when this section nears the screen,
// in their own chunks: the landing entry holds no map code (docs/decisions/landing-page.md).
const LandingTreesMap = lazy(() => import('./trees-map'));

/** The placeholder is the map and its caption's height, so nothing moves when they arrive. */
function MapPlaceholder() {
  const t = useT(landingMessages);
  return (
    <div
      className="flex h-[452px] items-center justify-center rounded-box border border-base-300 bg-base-200"
      role="status"
    >
      {t('map.loading')}
    </div>
  );
}

/** Where the community's trees grow, below the fold (issue 23). */
export function TreesMapSection() {
  const t = useT(landingMessages);
  return (
    <section
      id="map"
      aria-labelledby="map-title"
      className="scroll-mt-20 bg-base-200 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="map-title" eyebrow={t('map.eyebrow')} title={t('map.title')}>
          <p>{t('map.intro')}</p>
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
