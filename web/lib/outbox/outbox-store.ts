import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What a queued write sends: JSON, or a multipart form with its photos as Blobs. */
export type OutboxBody =
  | { kind: 'json'; value: Record<string, unknown> }
  | {
      kind: 'form';
      fields: Record<string, string>;
      files: Array<{ field: string; name: string; type: string; data: Blob }>;
    };

export type OutboxWhat = 'tree' | 'measurement' | 'care' | 'health' | 'check-in';

/** A write saved on this phone until the server has it (issue 24). */
export interface OutboxItem {
  /** Made on the phone when saved; sent as the Idempotency-Key, so a retry is never a second row. */
  id: string;
  /** Upload order: the order the member saved things in. */
  seq: number;
  userId: string;
  what: OutboxWhat;
  /** How the queue names it to the member ("Neem by the lake"). */
  label: string;
  /** The API path; `{tree:<item id>}` stands for a tree saved on this phone, not yet uploaded. */
  path: string;
  body: OutboxBody;
  /** `refused`: the server said no; it waits for the member to fix or discard it. */
  state: 'waiting' | 'refused';
  problem?: { status: number; message: string; field?: string };
  attempts: number;
  savedAt: string;
  lastTriedAt?: string;
}

interface OutboxSchema extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { 'by-user-seq': [string, number] } };
  /** The server's id of each tree saved on this phone, for the items that refer to it. */
  uploaded: { key: string; value: { id: string; serverId: string; at: string } };
}

const DB_NAME = 'canopy-outbox';
let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;
const database = () =>
  (opened ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(db) {
      const items = db.createObjectStore('items', { keyPath: 'id' });
      items.createIndex('by-user-seq', ['userId', 'seq']);
      db.createObjectStore('uploaded', { keyPath: 'id' });
    },
  }));

const listeners = new Set<() => void>();
/** Calls `listener` after every change to the queue (this tab). */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((listener) => listener());

export const outboxStore = {
  /** A member's items in upload order. */
  async list(userId: string): Promise<OutboxItem[]> {
    const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
    return (await database()).getAllFromIndex('items', 'by-user-seq', range);
  },
  async add(item: Omit<OutboxItem, 'seq' | 'state' | 'attempts' | 'savedAt'>): Promise<OutboxItem> {
    const db = await database();
    const tx = db.transaction('items', 'readwrite');
    // After every item saved so far, in this tab or another.
    const cursor = await tx.store.index('by-user-seq').openCursor(null, 'prev');
    const last = cursor?.value.seq ?? 0;
    const saved: OutboxItem = {
      ...item,
      seq: Math.max(last + 1, Date.now()),
      state: 'waiting',
      attempts: 0,
      savedAt: new Date().toISOString(),
    };
    await tx.store.put(saved);
    await tx.done;
    changed();
    return saved;
  },
  async get(id: string): Promise<OutboxItem | undefined> {
    return (await database()).get('items', id);
  },
  async put(item: OutboxItem): Promise<void> {
    await (await database()).put('items', item);
    changed();
  },
  async remove(id: string): Promise<void> {
    await (await database()).delete('items', id);
    changed();
  },
  /** The item left the phone: its server id is kept for the items that name it. */
  async uploaded(id: string, serverId: string | undefined): Promise<void> {
    const db = await database();
    const tx = db.transaction(['items', 'uploaded'], 'readwrite');
    await tx.objectStore('items').delete(id);
    if (serverId)
      await tx.objectStore('uploaded').put({ id, serverId, at: new Date().toISOString() });
    await tx.done;
    changed();
  },
  async serverIdOf(id: string): Promise<string | undefined> {
    return (await (await database()).get('uploaded', id))?.serverId;
  },
  /** Signing out and discarding: every item of this member goes. */
  async discardAll(userId: string): Promise<void> {
    const db = await database();
    const tx = db.transaction('items', 'readwrite');
    const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
    for (const key of await tx.store.index('by-user-seq').getAllKeys(range))
      await tx.store.delete(key);
    await tx.done;
    changed();
  },
};
