import { Link } from 'react-router';
import { HERO } from '../content';
import { DemoTour } from './demo-tour-dialog';
import { accentText, primaryButton, secondaryButton } from './primitives';

function HeroArt() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 480 400" className="h-auto w-full">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#dcfce7" />
          <stop offset="1" stopColor="#f0fdf4" />
        </linearGradient>
      </defs>
      <rect width="480" height="400" rx="32" fill="url(#hero-sky)" />
      <circle cx="370" cy="92" r="42" fill="#fde68a" />
      <path d="M0 268c80-40 160-48 240-24s160 20 240-12v136a32 32 0 0 1-32 32H32a32 32 0 0 1-32-32z" fill="#86efac" />
      <path d="M0 312c90-28 190-30 290-6 70 17 130 12 190-8v70a32 32 0 0 1-32 32H32a32 32 0 0 1-32-32z" fill="#22c55e" />
      {/* A grown tree, a young one and a sapling: the life of a Canopy tree. */}
      <g>
        <rect x="112" y="170" width="16" height="120" rx="6" fill="#92400e" />
        <circle cx="120" cy="150" r="62" fill="#15803d" />
        <circle cx="88" cy="128" r="30" fill="#16a34a" />
        <circle cx="150" cy="120" r="26" fill="#16a34a" />
      </g>
      <g>
        <rect x="262" y="218" width="10" height="70" rx="4" fill="#92400e" />
        <circle cx="267" cy="206" r="34" fill="#16a34a" />
        <circle cx="254" cy="196" r="14" fill="#4ade80" />
      </g>
      <g>
        <path d="M372 290v-34" stroke="#92400e" strokeWidth="5" strokeLinecap="round" />
        <path d="M372 266c-6-14-20-18-32-14 3 13 17 19 32 14zM372 258c6-14 20-18 32-14-3 13-17 19-32 14z" fill="#4ade80" />
      </g>
      {/* A planter with a watering can. */}
      <g>
        <circle cx="424" cy="222" r="12" fill="#78350f" />
        <path d="M410 240h28l6 56h-40z" fill="#0f766e" />
        <path d="M412 296h9v40h-9zM427 296h9v40h-9z" fill="#1f2937" />
        <path d="M410 248l-18 20" stroke="#78350f" strokeWidth="8" strokeLinecap="round" />
        <path d="M378 262h22l-4 18h-14z" fill="#0ea5e9" />
        <path d="M378 266l-12-8" stroke="#0ea5e9" strokeWidth="4" strokeLinecap="round" />
      </g>
      <g fill="#15803d" opacity="0.5">
        <path d="M60 60c8-6 16-6 22 0-6-2-14-2-22 0zM196 40c8-6 16-6 22 0-6-2-14-2-22 0z" />
      </g>
    </svg>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-base-100 pt-28 pb-16 sm:pt-32 lg:pt-40 lg:pb-24">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <p className={`text-sm font-semibold uppercase tracking-wider ${accentText}`}>{HERO.eyebrow}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {HERO.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-base-content/80 text-pretty sm:text-xl">{HERO.subtitle}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={primaryButton} data-testid="hero-start">
              Start Growing
              <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M5 12h14M13 6l6 6-6 6" />
              </svg>
            </Link>
            <DemoTour buttonClassName={secondaryButton} />
          </div>
        </div>
        <div className="mx-auto w-full max-w-md lg:max-w-none">
          <HeroArt />
        </div>
      </div>
    </section>
  );
}
