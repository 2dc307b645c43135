import { useEffect, useState, type ReactNode } from 'react';
import type { DonationStatus } from '../../../../contract/donations';
import { ApiError } from '../../../lib/api-client';
import { STATUS_BADGE } from '../format';
import { useDonationWords } from '../words';

/** The form field a refusal is about, when the server named one this form has. */
export function refusedField<N extends string>(error: unknown, names: readonly N[]): N | undefined {
  const field = error instanceof ApiError ? error.field : undefined;
  return names.find((name) => name === field);
}

/** A donation's status as a coloured chip. */
export function StatusBadge({ status }: { status: DonationStatus }) {
  const words = useDonationWords();
  return (
    <span className={`badge ${STATUS_BADGE[status]} whitespace-nowrap`} data-testid="status-badge">
      {words.status(status)}
    </span>
  );
}

/** The mark every screen of the built-in test checkout carries. */
export function TestModeBanner({ children }: { children?: ReactNode }) {
  const { t } = useDonationWords();
  return (
    <div className="alert alert-warning" role="note" data-testid="test-mode">
      <span className="badge badge-neutral font-bold tracking-wider">{t('testMode.badge')}</span>
      <span>{children ?? t('testMode.text')}</span>
    </div>
  );
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
