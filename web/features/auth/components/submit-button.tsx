import type { ReactNode } from 'react';
import { primaryButton } from './auth-ui';

/** The form's main button: disabled, with a spinner and `busyLabel`, while the request runs. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
      {busy ? (
        <>
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
