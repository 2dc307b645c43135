import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DRIVE_MESSAGES } from '../../../../contract/drives';
import { ApiError } from '../../../lib/api-client';
import { PLANTATIONS_PATH } from '../format';
import { mutedText, primaryButton, secondaryButton, sectionCard } from './drive-ui';

const FALLBACK = 'Something went wrong. Please try again.';

/** What to tell the user about a failed call: the server's own message whenever it sent one. */
export function failureMessage(error: unknown, fallback = FALLBACK): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return 'No response received from server.';
  if (error.code === 'BAD_RESPONSE') return fallback;
  return error.message || fallback;
}

/** A spinner with a spoken label while something loads. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center p-10" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-green-700" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A failure other than "not found": say so and offer to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <section className={`${sectionCard} mx-auto max-w-xl`} role="alert">
      <div className="card-body items-center text-center">
        <p>{message}</p>
        <button type="button" className={secondaryButton} onClick={onRetry}>
          Try again
        </button>
      </div>
    </section>
  );
}

/** A friendly note where a list has nothing to show, with a way on. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-box border-2 border-dashed border-base-content/20 p-8 text-center"
      data-testid="empty-state"
    >
      <p className={mutedText}>{children}</p>
      {action}
    </div>
  );
}

/** Shown inside the app for an unknown or deleted drive (the top bar holds the page's h1). */
export function DriveNotFound() {
  return (
    <section className={`${sectionCard} mx-auto max-w-xl`} aria-labelledby="drive-missing">
      <div className="card-body items-center text-center">
        <h2 id="drive-missing" className="text-2xl font-bold">
          {DRIVE_MESSAGES.notFound}
        </h2>
        <p className={mutedText}>The link may be wrong, or the organiser may have cancelled it.</p>
        <Link to={PLANTATIONS_PATH} className={primaryButton}>
          Browse Plantations
        </Link>
      </div>
    </section>
  );
}
