import { Link } from 'react-router';
import { formatDateTime } from '../lib/dates';
import { useOfflineReadsSavedAt } from '../lib/offline-reads';
import { OFFLINE_SAVING } from '../lib/outbox/use-outbox';
import { useOnline } from '../lib/use-online';

export const OFFLINE_NOTICE = 'You are offline. Canopy shows what this phone last saved.';

/** A line above the screen while the browser has no connection, with what works offline. */
export function OfflineBanner() {
  const online = useOnline();
  const savedAt = useOfflineReadsSavedAt();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-warning/40 bg-warning/15 px-4 py-2 text-sm text-base-content"
    >
      <span>
        {OFFLINE_NOTICE} {OFFLINE_SAVING}
      </span>
      {savedAt ? (
        <span data-testid="offline-as-of">
          Your trees, forest and drives as of {formatDateTime(savedAt)}.
        </span>
      ) : null}
      <Link to="/offline" className="link font-semibold">
        What works offline
      </Link>
    </div>
  );
}
