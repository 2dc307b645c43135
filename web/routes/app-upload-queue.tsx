import { useState } from 'react';
import { useOutletContext } from 'react-router';
import type { CurrentUser } from '../../contract/auth';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/form-field';
import { mutedText } from '../components/ui/looks';
import { useModal } from '../components/ui/modal';
import { usePageTitle } from '../components/ui/page-title';
import { TitledSection } from '../components/ui/titled-section';
import { formatDateTime } from '../lib/dates';
import type { OutboxItem, OutboxWhat } from '../lib/outbox/outbox-store';
import { dependentsOf, useOutboxActions, useOutboxItems } from '../lib/outbox/use-outbox';
import { useOnline } from '../lib/use-online';
import { useIntlLocale } from '../i18n/intl-locale';
import { useT } from '../i18n/use-t';
import { offlineMessages } from '../features/trees/offline-messages';

const whatKey = (what: OutboxWhat) => `what.${what}` as const;

/** The forms' own labels for the fields the server may name in a refusal. */
const FIELDS = [
  'treesType',
  'treeCount',
  'plantedAt',
  'nickname',
  'heightCm',
  'diameterCm',
  'aliveCount',
  'measuredAt',
  'action',
  'note',
  'cause',
] as const;
const fieldKey = (field: string) =>
  (FIELDS as readonly string[]).includes(field)
    ? (`field.${field as (typeof FIELDS)[number]}` as const)
    : undefined;

/** The value a refused field holds now, as text, when the item carries it. */
function fieldValue(item: OutboxItem, field: string): string | undefined {
  if (item.body.kind === 'form') return item.body.fields[field];
  const value = item.body.value[field];
  return value === undefined || value === null ? undefined : String(value);
}

function QueueItem({ item, all, userId }: { item: OutboxItem; all: OutboxItem[]; userId: string }) {
  const { retry, discard, syncing } = useOutboxActions(userId);
  const modal = useModal();
  const t = useT(offlineMessages);
  const locale = useIntlLocale();
  const field = item.problem?.field;
  const fieldLabel = field ? fieldKey(field) : undefined;
  const current = field ? fieldValue(item, field) : undefined;
  const [fix, setFix] = useState(current ?? '');
  const waitsFor = all.find((other) => item.path.includes(`{tree:${other.id}}`));
  const dependents = dependentsOf(all, item);

  const onDiscard = async () => {
    const also = dependents.length
      ? ` ${t('queue.discardAlso', { count: dependents.length })}`
      : '';
    if (
      await modal.confirm({
        title: t('queue.discardTitle', { label: item.label }),
        message: `${t('queue.discardBody')}${also}`,
        confirmLabel: t('queue.discard'),
        cancelLabel: t('queue.keep'),
      })
    )
      await discard(item, all);
  };

  return (
    <li
      className="flex flex-col gap-2 rounded-box border border-base-300 p-4"
      aria-label={item.label}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold break-words">
          {t('queue.item', { what: t(whatKey(item.what)), label: item.label })}
        </p>
        <span className={`badge ${item.state === 'refused' ? 'badge-error' : 'badge-info'}`}>
          {item.state === 'refused'
            ? t('queue.refused')
            : waitsFor
              ? t('queue.waitingTree')
              : t('queue.waiting')}
        </span>
      </div>
      <p className={`text-sm ${mutedText}`}>
        {t('queue.saved', { when: formatDateTime(item.savedAt, locale) })}
        {item.lastTriedAt
          ? ` · ${t('queue.lastTried', { when: formatDateTime(item.lastTriedAt, locale) })}`
          : ''}
      </p>
      {item.problem && (
        <p role="alert" className="text-sm text-error">
          {item.problem.message}
        </p>
      )}
      {item.state === 'refused' && field && current !== undefined && (
        <TextField
          label={t('queue.correct', { field: fieldLabel ? t(fieldLabel) : field })}
          value={fix}
          onChange={(event) => setFix(event.target.value)}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {item.state === 'refused' && (
          <Button
            size="sm"
            busy={syncing}
            onClick={() => void retry(item, field && current !== undefined ? { [field]: fix } : {})}
          >
            {field && current !== undefined ? t('queue.saveRetry') : t('queue.retry')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => void onDiscard()}>
          {t('queue.discard')}
        </Button>
      </div>
    </li>
  );
}

/** /app/upload-queue: what this phone holds for Canopy, each item's state, fix or discard. */
export default function AppUploadQueue() {
  const t = useT(offlineMessages);
  usePageTitle(t('queue.title'));
  const user = useOutletContext<CurrentUser>();
  const items = useOutboxItems(user.id);
  const { syncNow, syncing, report } = useOutboxActions(user.id);
  const online = useOnline();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <TitledSection title={t('queue.heading')}>
        <p className={mutedText}>{t('queue.intro')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            busy={syncing}
            disabled={!online || items.length === 0}
            onClick={() => void syncNow()}
          >
            {t('queue.sync')}
          </Button>
          <span className={`text-sm ${mutedText}`} role="status">
            {!online
              ? t('queue.offline')
              : report
                ? t('queue.uploaded', { count: report.uploaded })
                : ''}
          </span>
        </div>
        {items.length === 0 ? (
          <p data-testid="empty-state">{t('queue.empty')}</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label={t('queue.list')}>
            {items.map((item) => (
              <QueueItem key={item.id} item={item} all={items} userId={user.id} />
            ))}
          </ol>
        )}
      </TitledSection>
    </div>
  );
}
