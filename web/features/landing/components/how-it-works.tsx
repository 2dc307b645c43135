import { lazy, Suspense } from 'react';
import { useT } from '../../../i18n/use-t';
import { HOW_IT_WORKS } from '../content';
import { landingMessages } from '../messages';
import type { AppScreen } from './app-screens';
import { SectionHeading } from './primitives';

// The drawn screens load in their own chunk; the steps' words are there from the start.
const AppScreenArt = lazy(async () => ({
  default: (await import('./app-screens')).AppScreenArt,
}));

/** The drawing's place while it loads: its size, so nothing moves. */
const screenBox = <div aria-hidden="true" className="aspect-square w-full max-w-[15rem]" />;

/** Each step shown as the screen of the app it happens on: sign-up, a drive's page, a tree's page. */
const STEP_SCREENS: readonly AppScreen[] = ['join', 'drive', 'tree'];

export function HowItWorks() {
  const t = useT(landingMessages);
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-title"
      className="scroll-mt-20 bg-base-200 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="how-title" eyebrow={t('how.eyebrow')} title={t('how.title')} />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {HOW_IT_WORKS.map((step, index) => (
            <li
              key={step}
              className="relative flex flex-col rounded-2xl border border-base-content/10 bg-base-100 p-6 shadow-sm"
            >
              <div className="flex justify-center">
                <Suspense fallback={screenBox}>
                  <AppScreenArt screen={STEP_SCREENS[index] ?? 'join'} />
                </Suspense>
              </div>
              <div className="mt-6 flex items-start gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-content"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-xl font-semibold">
                    <span className="sr-only">{t('how.step', { number: index + 1 })}</span>
                    {t(`how.${step}.title`)}
                  </h3>
                  <p className="mt-2 text-base-content/80">{t(`how.${step}.text`)}</p>
                </div>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
