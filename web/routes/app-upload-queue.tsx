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

const WHAT: Record<OutboxWhat, string> = {
  tree: 'New tree',
  measurement: 'Measurement',
  care: 'Care',
  health: 'Health report',
  'check-in': 'Check-in',
};

/** The forms' own labels for the fields the server may name in a refusal. */
const FIELD_LABELS: Record<string, string> = {
  treesType: 'Tree Type',
  treeCount: 'How many',
  plantedAt: 'Planting date (YYYY-MM-DD)',
  nickname: 'Nickname',
  heightCm: 'Height (cm)',
  diameterCm: 'Trunk diameter (cm)',
  aliveCount: 'Plants alive',
  measuredAt: 'Measured on (YYYY-MM-DD)',
  action: 'Kind of care',
  note: 'Note',
  cause: 'What killed it?',
};

/** The value a refused field holds now, as text, when the item carries it. */
function fieldValue(item: OutboxItem, field: string): string | undefined {
  if (item.body.kind === 'form') return item.body.fields[field];
  const value = item.body.value[field];
  return value === undefined || value === null ? undefined : String(value);
}

function QueueItem({ item, all, userId }: { item: OutboxItem; all: OutboxItem[]; userId: string }) {
  const { retry, discard, syncing } = useOutboxActions(userId);
  const modal = useModal();
  const field = item.problem?.field;
  const current = field ? fieldValue(item, field) : undefined;
  const [fix, setFix] = useState(current ?? '');
  const waitsFor = all.find((other) => item.path.includes(`{tree:${other.id}}`));
  const dependents = dependentsOf(all, item);

  const onDiscard = async () => {
    const also = dependents.length
      ? ` ${dependents.length === 1 ? 'One item' : `${dependents.length} items`} about it go too.`
      : '';
    if (
      await modal.confirm({
        title: `Discard “${item.label}”?`,
        message: `It has not reached Canopy and will be gone from this phone.${also}`,
        confirmLabel: 'Discard',
        cancelLabel: 'Keep it',
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
          {WHAT[item.what]}: {item.label}
        </p>
        <span className={`badge ${item.state === 'refused' ? 'badge-error' : 'badge-info'}`}>
          {item.state === 'refused'
            ? 'Not accepted'
            : waitsFor
              ? 'Waiting for its tree'
              : 'Waiting'}
        </span>
      </div>
      <p className={`text-sm ${mutedText}`}>
        Saved {formatDateTime(item.savedAt)}
        {item.lastTriedAt ? ` · last tried ${formatDateTime(item.lastTriedAt)}` : ''}
      </p>
      {item.problem && (
        <p role="alert" className="text-sm text-error">
          {item.problem.message}
        </p>
      )}
      {item.state === 'refused' && field && current !== undefined && (
        <TextField
          label={`Correct “${FIELD_LABELS[field] ?? field}”`}
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
            {field && current !== undefined ? 'Save and try again' : 'Try again'}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => void onDiscard()}>
          Discard
        </Button>
      </div>
    </li>
  );
}

/** /app/upload-queue: what this phone holds for Canopy, each item's state, fix or discard. */
export default function AppUploadQueue() {
  usePageTitle('Waiting to upload');
  const user = useOutletContext<CurrentUser>();
  const items = useOutboxItems(user.id);
  const { syncNow, syncing, report } = useOutboxActions(user.id);
  const online = useOnline();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <TitledSection title="Saved on this phone">
        <p className={mutedText}>
          Trees, measurements, care, health reports and check-ins you save without a connection wait
          here and upload in the order you saved them, once you are online. Nothing is sent twice.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            busy={syncing}
            disabled={!online || items.length === 0}
            onClick={() => void syncNow()}
          >
            Sync now
          </Button>
          <span className={`text-sm ${mutedText}`} role="status">
            {!online
              ? 'You are offline: they upload when you are back online.'
              : report
                ? `Uploaded ${report.uploaded} just now.`
                : ''}
          </span>
        </div>
        {items.length === 0 ? (
          <p data-testid="empty-state">Nothing waiting: everything you saved is on Canopy.</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Waiting to upload">
            {items.map((item) => (
              <QueueItem key={item.id} item={item} all={items} userId={user.id} />
            ))}
          </ol>
        )}
      </TitledSection>
    </div>
  );
}
