import type { ReactNode } from 'react';

/*
 * Shared looks for the landing page. The brand green comes from Tailwind's palette (daisyUI's
 * `primary` is indigo); where a colour must change with the theme we use the
 * `in-data-[theme=dark]:` variant, because Tailwind's `dark:` follows the system setting, not
 * the `data-theme` attribute the toggle sets. Every text colour here is checked for WCAG AA
 * contrast in both themes.
 */

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-base-content';

const primaryLook = `inline-flex items-center justify-center gap-2 rounded-full bg-green-700 font-semibold text-white shadow-sm transition-colors hover:bg-green-800 ${focusRing}`;

/** Solid green call to action (white on green-700: 5.0:1). */
export const primaryButton = `${primaryLook} min-h-11 px-6 py-2.5 text-base`;

/** The same, sized for the top bar. */
export const primaryButtonSmall = `${primaryLook} min-h-10 px-5 py-2 text-sm`;

/** Quiet bordered button on base backgrounds. */
export const secondaryButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-base-content/25 px-6 py-2 text-base font-semibold text-base-content transition-colors hover:border-base-content/50 hover:bg-base-content/5 disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

/** Text links in the top bar and menus. */
export const navLink = `rounded-md px-3 py-2 font-medium text-base-content transition-colors hover:bg-base-content/10 ${focusRing}`;

/** Green text that stays readable: green-800 on light backgrounds, green-300 on dark ones. */
export const accentText = 'text-green-800 in-data-[theme=dark]:text-green-300';

/** Soft chip behind icons. */
export const iconChip = `inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-green-100 in-data-[theme=dark]:bg-green-950 ${accentText}`;

export const focusRingClass = focusRing;

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className={`text-sm font-semibold uppercase tracking-wider ${accentText}`}>{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children ? (
        <div className="mt-4 text-lg text-base-content/80 text-pretty">{children}</div>
      ) : null}
    </div>
  );
}
