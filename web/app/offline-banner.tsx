import { Link } from 'react-router';
import { formatDateTime } from '../lib/dates';
import { useShownAsOf } from '../lib/offline-reads';
import { OFFLINE_SAVING } from '../lib/outbox/use-outbox';
import { useOnline } from '../lib/use-online';

export const OFFLINE_NOTICE = 'You are offline. Canopy shows what this phone last saved.';
/** Online as the phone says, yet no answer came: what is shown is the phone's copy. */
export const UNREACHED_NOTICE =
  'Canopy cannot be reached just now. It shows what this phone saved.';

/** "as of {time}" for the kept answers a screen shows (issue 24, read offline). */
export const asOfText = (at: number) =>
  `What you see here is as of ${formatDateTime(new Date(at))}.`;

/**
 * A line above the screen while the browser has no connection, or while the screen shows what
 * this phone saved because Canopy gave no answer: from when it is, and what works offline.
 */
export function OfflineBanner() {
  const online = useOnline();
  const asOf = useShownAsOf(online);
  if (online && asOf === null) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-warning/40 bg-warning/15 px-4 py-2 text-sm text-base-content"
    >
      <span>{online ? UNREACHED_NOTICE : `${OFFLINE_NOTICE} ${OFFLINE_SAVING}`}</span>
      {asOf !== null ? <span data-testid="offline-as-of">{asOfText(asOf)}</span> : null}
      <Link to="/offline" className="link font-semibold">
        What works offline
      </Link>
    </div>
  );
}
