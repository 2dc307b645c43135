import type { ReactNode } from 'react';
import { accentText, focusRing } from '../../../components/ui/looks';

/*
 * Looks of the landing page beyond the shared ones (buttons are components/ui/button.tsx). Colours
 * come from the canopy themes; every text colour here meets WCAG AA in both.
 */

export { accentText };

/** Text links in menus. */
export const navLink = `rounded-md px-3 py-2 font-medium text-base-content transition-colors hover:bg-base-content/10 ${focusRing}`;

/** Soft chip behind icons. */
export const iconChip = `inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-green-100 dark:bg-green-950 ${accentText}`;

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
