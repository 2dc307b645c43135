import { Link } from 'react-router';
import { formatDateTime } from '../lib/dates';
import { useShownAsOf } from '../lib/offline-reads';
import { useOnline } from '../lib/use-online';
import { useIntlLocale } from '../i18n/intl-locale';
import { useT } from '../i18n/use-t';
import { shellMessages } from './messages';

/**
 * A line above the screen while the browser has no connection, or while the screen shows what
 * this phone saved because Canopy gave no answer: from when it is, and what works offline.
 */
export function OfflineBanner() {
  const t = useT(shellMessages);
  const locale = useIntlLocale();
  const online = useOnline();
  const asOf = useShownAsOf(online);
  if (online && asOf === null) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-warning/40 bg-warning/15 px-4 py-2 text-sm text-base-content"
    >
      {/* Online as the phone says, yet no answer came: what is shown is the phone's copy. */}
      <span>
        {online ? t('offline.unreached') : `${t('offline.notice')} ${t('offline.saving')}`}
      </span>
      {asOf !== null ? (
        <span data-testid="offline-as-of">
          {t('offline.asOf', { time: formatDateTime(new Date(asOf), locale) })}
        </span>
      ) : null}
      <Link to="/offline" className="link font-semibold">
        {t('offline.whatWorks')}
      </Link>
    </div>
  );
}
