import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../contract/idempotency';
import { outboxStore, type OutboxItem } from './outbox-store';
import { sendItem, syncOutbox, treePath, type SendResult } from './outbox-sync';

vi.mock('../session', () => ({ getToken: () => 'token-1' }));

const ME = 'u-1';
let n = 0;
const save = (overrides: Partial<OutboxItem> = {}) =>
  outboxStore.add({
    id: `item-${++n}`,
    userId: ME,
    what: 'care',
    label: `Item ${n}`,
    path: '/api/trees/t-1/care',
    body: { kind: 'json', value: { action: 'watered' } },
    ...overrides,
  });

/** A server that answers each path from `answers` (ok by default) and records what it got. */
function fakeServer(answers: Record<string, SendResult> = {}) {
  const sent: Array<{ id: string; path: string }> = [];
  const send = async (item: OutboxItem, path: string): Promise<SendResult> => {
    sent.push({ id: item.id, path });
    return answers[path] ?? answers[item.id] ?? { kind: 'ok', serverId: `server-${item.id}` };
  };
  return { sent, send };
}

beforeEach(async () => {
  await outboxStore.discardAll(ME);
});
afterEach(() => vi.restoreAllMocks());

describe('the outbox', () => {
  it('uploads in the order saved; a measurement of a tree saved offline follows it with its server id', async () => {
    const tree = await save({ what: 'tree', path: '/api/trees', label: 'Neem by the lake' });
    const measured = await save({
      what: 'measurement',
      path: treePath({ queuedId: tree.id }, '/measurements'),
    });
    const cared = await save({ path: treePath({ serverId: 't 9' }, '/care') });
    const server = fakeServer();
    expect(await syncOutbox(ME, server.send)).toEqual({ uploaded: 3, refused: 0, waiting: 0 });
    expect(server.sent).toEqual([
      { id: tree.id, path: '/api/trees' },
      { id: measured.id, path: `/api/trees/server-${tree.id}/measurements` },
      { id: cared.id, path: '/api/trees/t%209/care' },
    ]);
    expect(await outboxStore.list(ME)).toEqual([]);
  });

  it('keeps everything when there is no answer, and sends it all on the next try', async () => {
    await save();
    await save();
    const offline = await syncOutbox(ME, async () => ({ kind: 'later', reason: 'offline' }));
    expect(offline).toEqual({ uploaded: 0, refused: 0, waiting: 2, stoppedBy: 'offline' });
    const [first, second] = await outboxStore.list(ME);
    expect(first!.attempts).toBe(1);
    // The run stopped at the first: the second was never tried out of order.
    expect(second!.attempts).toBe(0);
    expect((await syncOutbox(ME, fakeServer().send)).uploaded).toBe(2);
  });

  it('keeps a refusal with the server’s message and field, goes on with the rest, and skips it next time', async () => {
    const bad = await save({ what: 'measurement', path: '/api/trees/t-1/measurements' });
    await save();
    const server = fakeServer({
      [bad.id]: {
        kind: 'refused',
        status: 400,
        message: 'Height must be 1–15,000 cm.',
        field: 'heightCm',
      },
    });
    expect(await syncOutbox(ME, server.send)).toEqual({ uploaded: 1, refused: 1, waiting: 0 });
    const [kept] = await outboxStore.list(ME);
    expect(kept).toMatchObject({
      id: bad.id,
      state: 'refused',
      problem: { status: 400, message: 'Height must be 1–15,000 cm.', field: 'heightCm' },
    });
    const again = fakeServer();
    expect(await syncOutbox(ME, again.send)).toEqual({ uploaded: 0, refused: 1, waiting: 0 });
    expect(again.sent).toEqual([]);
  });

  it('holds a measurement while its tree is refused, and still sends other items', async () => {
    const tree = await save({ what: 'tree', path: '/api/trees' });
    await save({ what: 'measurement', path: treePath({ queuedId: tree.id }, '/measurements') });
    await save();
    const server = fakeServer({
      [tree.id]: { kind: 'refused', status: 404, message: 'This drive no longer exists.' },
    });
    expect(await syncOutbox(ME, server.send)).toEqual({ uploaded: 1, refused: 1, waiting: 1 });
    expect((await outboxStore.list(ME)).map((i) => i.what)).toEqual(['tree', 'measurement']);
  });

  it('runs once at a time', async () => {
    await save();
    const server = fakeServer();
    const [a, b] = await Promise.all([syncOutbox(ME, server.send), syncOutbox(ME, server.send)]);
    expect(a).toBe(b);
    expect(server.sent).toHaveLength(1);
  });

  it('keeps each member’s items apart, and discards them all when asked', async () => {
    await save();
    await save({ userId: 'u-2' });
    expect(await outboxStore.list(ME)).toHaveLength(1);
    await outboxStore.discardAll(ME);
    expect(await outboxStore.list(ME)).toEqual([]);
    expect(await outboxStore.list('u-2')).toHaveLength(1);
  });
});

describe('sending one item', () => {
  const answer = (status: number, body: object, headers: Record<string, string> = {}) =>
    vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(body), { status, headers }));

  it('sends the id as the Idempotency-Key, the session, and a form with its photo', async () => {
    const fetch = answer(201, { data: { tree: { id: 'tree-77' } } });
    const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    const item = await save({
      what: 'tree',
      path: '/api/trees',
      body: {
        kind: 'form',
        fields: { treeName: 'Neem' },
        files: [{ field: 'treeImage', name: 'tree.jpg', type: 'image/jpeg', data: photo }],
      },
    });
    // What the phone kept is what it sends: the photo survived the store.
    const stored = (await outboxStore.get(item.id))!;
    expect(await sendItem(stored, '/api/trees')).toEqual({ kind: 'ok', serverId: 'tree-77' });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/trees');
    const headers = init!.headers as Record<string, string>;
    expect(headers[IDEMPOTENCY_HEADER]).toBe(item.id);
    expect(headers['x-auth-token']).toBe('token-1');
    const form = init!.body as FormData;
    expect(form.get('treeName')).toBe('Neem');
    const file = form.get('treeImage') as File;
    expect(file.name).toBe('tree.jpg');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('reads the answers: no answer, busy, signed out, refused', async () => {
    const item = await save();
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await sendItem(item, item.path)).toEqual({ kind: 'later', reason: 'offline' });
    answer(409, { message: 'This item is still being saved.' }, { 'retry-after': '1' });
    expect(await sendItem(item, item.path)).toEqual({ kind: 'later', reason: 'busy' });
    answer(503, {});
    expect(await sendItem(item, item.path)).toEqual({ kind: 'later', reason: 'busy' });
    answer(401, {});
    expect(await sendItem(item, item.path)).toEqual({ kind: 'signed-out' });
    answer(403, { message: 'You are not allowed to do that.' });
    expect(await sendItem(item, item.path)).toEqual({
      kind: 'refused',
      status: 403,
      message: 'You are not allowed to do that.',
    });
  });
});
