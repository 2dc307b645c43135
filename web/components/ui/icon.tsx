import type { ReactNode } from 'react';

/**
 * A small outline icon on a 24 × 24 grid, drawn in the text colour. Decorative (aria-hidden): the
 * control or text beside it names what it means. `round` gives round line ends and corners.
 */
export function Icon({
  children,
  className = 'h-5 w-5',
  strokeWidth = 2,
  round = true,
}: {
  children: ReactNode;
  className?: string;
  strokeWidth?: number;
  round?: boolean;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap={round ? 'round' : undefined}
      strokeLinejoin={round ? 'round' : undefined}
    >
      {children}
    </svg>
  );
}

/** The × of every Close and Remove button. */
export function CloseIcon({
  className = 'h-4 w-4',
  strokeWidth = 2,
}: {
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <Icon className={className} strokeWidth={strokeWidth} round={false}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}
