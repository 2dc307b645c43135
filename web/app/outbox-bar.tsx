import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { useOnline } from '../lib/use-online';
import { useOutboxActions, useOutboxItems } from '../lib/outbox/use-outbox';
import { useT } from '../i18n/use-t';
import { shellMessages } from './messages';

/** While items wait, the app tries again this often (and at once when the browser comes online). */
const RETRY_MS = 60_000;

/**
 * Uploads what was saved on this phone when the app opens, when the browser comes online, on
 * "Sync now" and every minute while something waits; says how many wait (issue 24).
 */
export function OutboxBar({ userId }: { userId: string }) {
  const t = useT(shellMessages);
  const queue = useOutboxItems(userId);
  const { syncNow, syncing } = useOutboxActions(userId);
  const online = useOnline();
  const waiting = queue.filter((item) => item.state === 'waiting').length;
  const refused = queue.length - waiting;

  useEffect(() => {
    if (online) void syncNow();
  }, [online, syncNow]);
  useEffect(() => {
    if (!online || waiting === 0) return;
    const timer = setInterval(() => void syncNow(), RETRY_MS);
    return () => clearInterval(timer);
  }, [online, waiting, syncNow]);

  if (queue.length === 0) return null;
  const parts = [
    waiting > 0 &&
      t(online ? (syncing ? 'outbox.uploading' : 'outbox.waiting') : 'outbox.offline', {
        count: waiting,
      }),
    refused > 0 && t('outbox.refused', { count: refused }),
  ].filter(Boolean);
  return (
    <div
      role="status"
      data-testid="outbox-bar"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-info/40 bg-info/10 px-4 py-2 text-sm text-base-content"
    >
      <span>{parts.join(' ')}</span>
      <Link to="/app/upload-queue" className="link font-semibold">
        {t('outbox.seeQueue')}
      </Link>
      {online && waiting > 0 && (
        <Button size="sm" variant="secondary" busy={syncing} onClick={() => void syncNow()}>
          {t('outbox.syncNow')}
        </Button>
      )}
    </div>
  );
}
