import { IDEMPOTENCY_HEADER } from '../../../contract/idempotency';
import { getToken } from '../session';
import { outboxStore, type OutboxBody, type OutboxItem } from './outbox-store';

/** How one upload ended. */
export type SendResult =
  | { kind: 'ok'; serverId?: string }
  /** No answer (offline, timed out) or the server is busy: the queue stops and tries later. */
  | { kind: 'later'; reason: 'offline' | 'busy' }
  /** The session ended: nothing more is sent until the member signs in again. */
  | { kind: 'signed-out' }
  | { kind: 'refused'; status: number; message: string; field?: string };

export interface SyncReport {
  uploaded: number;
  refused: number;
  /** Items still waiting (offline, busy, or waiting for a refused tree they belong to). */
  waiting: number;
  stoppedBy?: 'offline' | 'busy' | 'signed-out';
}

const TREE_REF = /\{tree:([^}]+)\}/;
const TIMEOUT_MS = 60_000;

function requestBody(body: OutboxBody): { body: BodyInit; headers: Record<string, string> } {
  if (body.kind === 'json')
    return { body: JSON.stringify(body.value), headers: { 'content-type': 'application/json' } };
  const form = new FormData();
  for (const [name, value] of Object.entries(body.fields)) form.append(name, value);
  for (const file of body.files)
    form.append(file.field, new File([file.data], file.name, { type: file.type }));
  return { body: form, headers: {} };
}

/** Sends one item with its id as the Idempotency-Key; a repeat gets the first answer. */
export async function sendItem(item: OutboxItem, path: string): Promise<SendResult> {
  const token = getToken();
  if (!token) return { kind: 'signed-out' };
  const { body, headers } = requestBody(item.body);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: {
        ...headers,
        accept: 'application/json',
        'x-auth-token': token,
        [IDEMPOTENCY_HEADER]: item.id,
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'later', reason: 'offline' };
  }
  const payload = (await response.json().catch(() => ({}))) as {
    message?: unknown;
    field?: unknown;
    data?: { tree?: { id?: unknown } };
  };
  if (response.ok) {
    const treeId = payload.data?.tree?.id;
    return { kind: 'ok', ...(typeof treeId === 'string' ? { serverId: treeId } : {}) };
  }
  if (response.status === 401) return { kind: 'signed-out' };
  // Still being saved (a first try running), limited, or a server fault: not the item's fault.
  if (response.status >= 500 || response.status === 429 || response.headers.get('retry-after'))
    return { kind: 'later', reason: 'busy' };
  return {
    kind: 'refused',
    status: response.status,
    message:
      typeof payload.message === 'string'
        ? payload.message
        : 'The server did not accept this item.',
    ...(typeof payload.field === 'string' ? { field: payload.field } : {}),
  };
}

let running: Promise<SyncReport> | undefined;

/**
 * Uploads a member's queue in the order it was saved. An item naming a tree saved on this phone
 * waits for that tree; a refusal stays in the queue with the server's message (never dropped) and
 * the rest go on; no answer at all stops the run until the next try. One run at a time per tab.
 */
export function syncOutbox(
  userId: string,
  send: (item: OutboxItem, path: string) => Promise<SendResult> = sendItem,
): Promise<SyncReport> {
  running ??= run(userId, send).finally(() => {
    running = undefined;
  });
  return running;
}

async function run(
  userId: string,
  send: (item: OutboxItem, path: string) => Promise<SendResult>,
): Promise<SyncReport> {
  const report: SyncReport = { uploaded: 0, refused: 0, waiting: 0 };
  const items = await outboxStore.list(userId);
  for (const [index, item] of items.entries()) {
    if (item.state === 'refused') {
      report.refused += 1;
      continue;
    }
    const path = await resolvePath(item.path);
    if (!path) {
      report.waiting += 1;
      continue;
    }
    const result = await send(item, path);
    if (result.kind === 'ok') {
      await outboxStore.uploaded(item.id, result.serverId);
      report.uploaded += 1;
      continue;
    }
    if (result.kind === 'refused') {
      await outboxStore.put({
        ...item,
        state: 'refused',
        attempts: item.attempts + 1,
        lastTriedAt: new Date().toISOString(),
        problem: {
          status: result.status,
          message: result.message,
          ...(result.field ? { field: result.field } : {}),
        },
      });
      report.refused += 1;
      continue;
    }
    if (result.kind === 'later')
      await outboxStore.put({
        ...item,
        attempts: item.attempts + 1,
        lastTriedAt: new Date().toISOString(),
      });
    report.stoppedBy = result.kind === 'later' ? result.reason : 'signed-out';
    report.waiting += items.length - index;
    return report;
  }
  return report;
}

/** The path with each tree saved on this phone replaced by its server id; null while not uploaded. */
async function resolvePath(path: string): Promise<string | null> {
  const ref = TREE_REF.exec(path);
  if (!ref) return path;
  const serverId = await outboxStore.serverIdOf(ref[1]!);
  return serverId ? path.replace(ref[0], encodeURIComponent(serverId)) : null;
}

/** The path of an item about a tree: its server id, or the tree still waiting on this phone. */
export const treePath = (tree: { serverId?: string; queuedId?: string }, rest: string) =>
  tree.serverId
    ? `/api/trees/${encodeURIComponent(tree.serverId)}${rest}`
    : `/api/trees/{tree:${tree.queuedId}}${rest}`;
