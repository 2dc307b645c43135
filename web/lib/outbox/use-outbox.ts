import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api-client';
import {
  onOutboxChange,
  outboxStore,
  type OutboxBody,
  type OutboxItem,
  type OutboxWhat,
} from './outbox-store';
import { syncOutbox, type SyncReport } from './outbox-sync';

export const SAVED_ON_PHONE = 'Saved on this phone — will upload when you are online.';

/** The member's queue as it changes (this tab's writes and syncs). */
export function useOutboxItems(userId: string | undefined): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  useEffect(() => {
    if (!userId || typeof indexedDB === 'undefined') return;
    let live = true;
    const load = () =>
      void outboxStore.list(userId).then((list) => {
        if (live) setItems(list);
      });
    load();
    const stop = onOutboxChange(load);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return items;
}

/** Items that upload after `item` and name it (a measurement of a tree saved on this phone). */
export const dependentsOf = (items: OutboxItem[], item: OutboxItem) =>
  items.filter((other) => other.path.includes(`{tree:${item.id}}`));

/** Sync now, discard (with what depends on it) and retry after a fix. */
export function useOutboxActions(userId: string | undefined) {
  const [syncing, setSyncing] = useState(false);
  const [report, setReport] = useState<SyncReport | null>(null);
  const syncNow = useCallback(async () => {
    if (!userId || typeof indexedDB === 'undefined') return null;
    setSyncing(true);
    try {
      const done = await syncOutbox(userId);
      setReport(done);
      return done;
    } finally {
      setSyncing(false);
    }
  }, [userId]);
  const discard = useCallback(async (item: OutboxItem, all: OutboxItem[]) => {
    for (const other of [item, ...dependentsOf(all, item)]) await outboxStore.remove(other.id);
  }, []);
  /** Back in line, with `fields` changed (the member's fix of the refused values). */
  const retry = useCallback(
    async (item: OutboxItem, fields: Record<string, string> = {}) => {
      const body: OutboxBody =
        item.body.kind === 'json'
          ? {
              kind: 'json',
              value: { ...item.body.value, ...numbersWhereNumbers(item.body.value, fields) },
            }
          : { ...item.body, fields: { ...item.body.fields, ...fields } };
      const { problem: _problem, ...rest } = item;
      await outboxStore.put({ ...rest, body, state: 'waiting' });
      await syncNow();
    },
    [syncNow],
  );
  return { syncing, report, syncNow, discard, retry };
}

/** A fixed value keeps the type the JSON field had (a height stays a number). */
function numbersWhereNumbers(value: Record<string, unknown>, fields: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(fields).map(([key, text]) => [
      key,
      typeof value[key] === 'number' && text.trim() !== '' && Number.isFinite(Number(text))
        ? Number(text)
        : text,
    ]),
  );
}

/** A request body as the queue keeps it: a form's fields and files (photos as Blobs), or JSON. */
export function outboxBody(body: FormData | object): OutboxBody {
  if (!(body instanceof FormData))
    return { kind: 'json', value: { ...(body as Record<string, unknown>) } };
  const fields: Record<string, string> = {};
  const files: Extract<OutboxBody, { kind: 'form' }>['files'] = [];
  body.forEach((value, field) => {
    if (typeof value === 'string') fields[field] = value;
    else files.push({ field, name: value.name, type: value.type, data: value });
  });
  return { kind: 'form', fields, files };
}

export interface QueuedWrite {
  userId: string;
  what: OutboxWhat;
  label: string;
  path: string;
  body: OutboxBody;
}

/** A new client id: the item's key on the phone and its Idempotency-Key on the server. */
export const newClientId = () => crypto.randomUUID();

/**
 * Sends a field write now when online, else (or when no answer comes) keeps it on the phone with
 * the same id, so the retry that may follow a lost answer is never a second tree (issue 24).
 */
export async function sendOrKeep<T>(
  write: QueuedWrite,
  send: (idempotencyKey: string) => Promise<T>,
): Promise<{ sent: T } | { kept: OutboxItem }> {
  const id = newClientId();
  if (typeof indexedDB === 'undefined') return { sent: await send(id) };
  if (navigator.onLine)
    try {
      return { sent: await send(id) };
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) throw error;
    }
  return { kept: await outboxStore.add({ id, ...write }) };
}
