import { Button, ButtonLink } from '../../../components/ui/button';
import { useEffect, useState, type FocusEvent } from 'react';
import type { PublicTestimonial } from '../../../../contract/testimonials';
import { INITIALS_CLASSES, TESTIMONIAL_INTERVAL_MS } from '../content';
import { useT } from '../../../i18n/use-t';
import { landingMoreMessages } from '../more-messages';

/** How each account type is named under a testimonial (landing-more.json account.<type>). */
const ACCOUNT_TYPES = ['individual', 'corporate', 'nursery'] as const;
const accountKey = (type: string) =>
  `account.${ACCOUNT_TYPES.find((known) => known === type) ?? 'individual'}` as const;
import { accentText } from './primitives';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

function Portrait({ testimonial, index }: { testimonial: PublicTestimonial; index: number }) {
  const [failed, setFailed] = useState(false);
  if (testimonial.avatar && !failed)
    return (
      <img
        src={testimonial.avatar}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        className="h-12 w-12 shrink-0 rounded-full bg-base-300 object-cover"
        onError={() => setFailed(true)}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-lg font-bold ${
        INITIALS_CLASSES[index % INITIALS_CLASSES.length]
      }`}
    >
      {initialsOf(testimonial.name)}
    </span>
  );
}

/**
 * Members' testimonials rotating every 5 s (0 → 1 → 2 → 0). Rotation pauses while the pointer or
 * keyboard focus is inside, and a button stops it for good (WCAG 2.2.2). Under reduced motion the
 * slides swap without fading, but still advance. One testimonial is shown still, without dots.
 */
export function TestimonialsCarousel({ items }: { items: readonly PublicTestimonial[] }) {
  const count = items.length;
  const t = useT(landingMoreMessages);
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const rotating = count > 1 && !hovered && !focused && !stopped;
  const current = count > 0 ? active % count : 0;

  useEffect(() => {
    if (!rotating) return;
    // Re-armed on every change, so a dot click gives the chosen slide its full 5 s.
    const timer = window.setTimeout(
      () => setActive((index) => (index + 1) % count),
      TESTIMONIAL_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [active, rotating, count]);

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  return (
    <div
      className="mx-auto mt-12 max-w-3xl"
      aria-roledescription={t('carousel.roleCarousel')}
      aria-label={t('carousel.label')}
      role="region"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-testid="testimonials"
    >
      <div aria-live={rotating ? 'off' : 'polite'} className="grid">
        {items.map((testimonial, index) => {
          const isActive = index === current;
          return (
            <div
              key={`${testimonial.name}-${index}`}
              role="group"
              aria-roledescription={t('carousel.roleSlide')}
              aria-label={t('carousel.slide', { index: index + 1, count })}
              aria-hidden={!isActive}
              data-testid="testimonial"
              data-active={isActive ? 'true' : 'false'}
              // All slides share one grid cell, so the box is as tall as the longest quote and
              // nothing below jumps; the inactive ones are invisible (and out of the a11y tree).
              className={`rounded-3xl border border-base-content/10 bg-base-200 p-6 shadow-sm [grid-area:1/1] motion-safe:transition-[opacity,visibility] motion-safe:duration-500 sm:p-10 ${
                isActive ? 'visible opacity-100' : 'invisible opacity-0'
              }`}
            >
              <figure>
                <svg
                  aria-hidden="true"
                  focusable="false"
                  viewBox="0 0 32 24"
                  className={`h-8 w-10 ${accentText}`}
                  fill="currentColor"
                >
                  <path d="M0 24V14C0 6 4 1 12 0l1 4c-4 1-6 4-6 8h6v12zm18 0V14c0-8 4-13 12-14l1 4c-4 1-6 4-6 8h6v12z" />
                </svg>
                <blockquote className="mt-4 text-lg leading-relaxed break-words text-pretty sm:text-xl">
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-4">
                  <Portrait testimonial={testimonial} index={index} />
                  <span className="min-w-0">
                    <span className="block font-semibold break-words">{testimonial.name}</span>
                    <span className="block text-sm text-base-content/80">
                      {t(accountKey(testimonial.accountType))}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <div className="mt-6 flex items-center justify-center gap-3">
          <div className="flex items-center gap-1" role="group" aria-label={t('carousel.choose')}>
            {items.map((testimonial, index) => (
              <button
                key={`${testimonial.name}-${index}`}
                type="button"
                className="flex h-8 w-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-base-content"
                aria-label={t('carousel.show', { index: index + 1 })}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => setActive(index)}
                data-testid="testimonial-dot"
              >
                <span
                  aria-hidden="true"
                  className={`block h-3 rounded-full transition-all ${
                    index === current ? 'w-8 bg-primary' : 'w-3 bg-base-content/40'
                  }`}
                />
              </button>
            ))}
          </div>
          <Button
            variant="ghost"
            size="sm"
            icon
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? t('carousel.play') : t('carousel.pause')}
          >
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="currentColor"
            >
              {stopped ? (
                <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z" />
              ) : (
                <path d="M7 5h3v14H7zM14 5h3v14h-3z" />
              )}
            </svg>
            {stopped ? t('carousel.playShort') : t('carousel.pauseShort')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** No member has opted in yet: an invitation to be the first, never made-up people. */
export function TestimonialsEmpty() {
  const t = useT(landingMoreMessages);
  return (
    <div
      className="mx-auto mt-12 flex max-w-3xl flex-col items-center gap-4 rounded-3xl border border-dashed border-primary/50 p-8 text-center"
      data-testid="testimonials-empty"
    >
      <p className="text-lg">{t('testimonials.empty')}</p>
      <ButtonLink to="/app/settings-profile" variant="secondary">
        {t('testimonials.share')}
      </ButtonLink>
    </div>
  );
}

/** Under the carousel: whose words these are and how to add one's own. */
export function TestimonialsConsent() {
  const t = useT(landingMoreMessages);
  return (
    <p className="mt-6 text-center text-sm text-base-content/80">{t('testimonials.consent')}</p>
  );
}
