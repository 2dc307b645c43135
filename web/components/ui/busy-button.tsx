import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** A button that shows a spinner and `busyLabel` while its request runs, and is off meanwhile. */
export function BusyButton({
  busy,
  busyLabel,
  children,
  className,
  type = 'submit',
  onClick,
  disabled = false,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type={type}
      className={className}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy ? (
        <>
          <Spinner />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
