import { useT } from '../../../i18n/use-t';
import { landingMessages } from '../messages';
import { LiveFigures } from './live-figures';
import { WatchDemo } from './watch-demo';
import { ButtonLink } from '../../../components/ui/button';
import { accentText } from './primitives';

/** A grown tree, a young one, a sapling and someone watering it: the life of a Canopy tree. */
function HeroArt() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 480 400" className="h-auto w-full">
      <rect width="480" height="400" rx="32" fill="#dcfce7" />
      <circle cx="370" cy="92" r="42" fill="#fde68a" />
      <path
        d="M0 268c80-40 160-48 240-24s160 20 240-12v136a32 32 0 0 1-32 32H32a32 32 0 0 1-32-32z"
        fill="#86efac"
      />
      <path
        d="M0 312c90-28 190-30 290-6 70 17 130 12 190-8v70a32 32 0 0 1-32 32H32a32 32 0 0 1-32-32z"
        fill="#22c55e"
      />
      <path d="M112 170h16v120h-16zM262 218h10v70h-10z" fill="#92400e" />
      <circle cx="120" cy="150" r="62" fill="#15803d" />
      <path
        d="M58 128a30 30 0 1 0 60 0a30 30 0 1 0-60 0M124 120a26 26 0 1 0 52 0a26 26 0 1 0-52 0M233 206a34 34 0 1 0 68 0a34 34 0 1 0-68 0"
        fill="#16a34a"
      />
      <path d="M372 290v-34" stroke="#92400e" strokeWidth="5" strokeLinecap="round" />
      <path
        d="M372 266c-6-14-20-18-32-14 3 13 17 19 32 14zM372 258c6-14 20-18 32-14-3 13-17 19-32 14z"
        fill="#4ade80"
      />
      <circle cx="424" cy="222" r="12" fill="#78350f" />
      <path d="M410 240h28l6 56h-40z" fill="#0f766e" />
      <path d="M412 296h9v40h-9zM427 296h9v40h-9z" fill="#1f2937" />
      <path d="M410 248l-18 20" stroke="#78350f" strokeWidth="8" strokeLinecap="round" />
      <path
        d="M378 262h22l-4 18h-14zM366 258l12 8"
        fill="#0ea5e9"
        stroke="#0ea5e9"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Hero() {
  const t = useT(landingMessages);
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-base-100 pt-28 pb-16 sm:pt-32 lg:pt-40 lg:pb-24"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <p className={`text-sm font-semibold uppercase tracking-wider ${accentText}`}>
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-base-content/80 text-pretty sm:text-xl">
            {t('hero.subtitle')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/register" data-testid="hero-start">
              {t('hero.start')}
              <svg
                aria-hidden="true"
                focusable="false"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M5 12h14M13 6l6 6-6 6" />
              </svg>
            </ButtonLink>
            <WatchDemo />
          </div>
          <LiveFigures />
        </div>
        <div className="mx-auto w-full max-w-md lg:max-w-none">
          <HeroArt />
        </div>
      </div>
    </section>
  );
}
