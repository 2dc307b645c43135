import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES, IDEMPOTENT_REPLAY_HEADER } from '../../../contract/idempotency';
import { databaseTargets } from '../../../tests/support/test-database';
import { treePhoto, treesTestKit, validTreeForm, type Headers } from '../trees/tree-test-kit';
import { ABANDONED_AFTER_MS, IDEMPOTENCY_KEEP_MS } from './idempotency.service';

// Issue 24: a field app's retry after a lost answer never makes a second tree, measurement,
// care entry or health report; the repeat gets the first answer.

describe.each(databaseTargets)('Idempotency-Key on $name', (target) => {
  const kit = treesTestKit(target);
  const keyed = (headers: Headers, key: string) => ({ ...headers, 'idempotency-key': key });
  const count = async (table: 'trees' | 'tree_measurements' | 'tree_care_log') =>
    Number(
      (
        await kit
          .db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const keyRow = (key: string) =>
    kit
      .db()
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('idem_key', '=', key)
      .executeTakeFirst();

  it('needs a session before a key is even read', async () => {
    await kit.setup();
    const res = await kit.sendForm('POST', '/api/trees', keyed({}, 'k-1'), validTreeForm());
    expect(res.statusCode).toBe(401);
    expect(await kit.db().selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
  });

  it('refuses a malformed key with a message, and writes nothing', async () => {
    await kit.setup();
    const me = await kit.signIn();
    for (const bad of ['has space', 'x'.repeat(201), 'ünïcode']) {
      const res = await kit.sendForm('POST', '/api/trees', keyed(me.headers, bad), validTreeForm());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.invalid);
    }
    expect(await count('trees')).toBe(0);
  });

  it('registers a tree with its photo once, however often the phone sends it, and repeats the first answer', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const photo = { data: await treePhoto() };
    const send = () =>
      kit.sendForm('POST', '/api/trees', keyed(me.headers, 'tree-7f3a'), validTreeForm(), photo);
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBeUndefined();
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('trees')).toBe(1);
    // Without a key each request is its own: a second tree.
    expect((await kit.register(me.headers)).statusCode).toBe(201);
    expect(await count('trees')).toBe(2);
  });

  it('sent twice at once: one tree, and the other request is told to wait or gets the answer', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const both = await Promise.all(
      [1, 2].map(() =>
        kit.sendForm('POST', '/api/trees', keyed(me.headers, 'twice'), validTreeForm()),
      ),
    );
    expect(await count('trees')).toBe(1);
    const [made, other] = both[0]!.statusCode === 201 ? both : [both[1]!, both[0]!];
    expect(made!.statusCode).toBe(201);
    if (other!.statusCode === 409) {
      expect(other!.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
      expect(other!.headers['retry-after']).toBe('1');
    } else expect(other!.body).toBe(made!.body);
  });

  it('keeps keys apart per member, and refuses a key reused for another request', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const other = await kit.signIn();
    expect(
      (await kit.sendForm('POST', '/api/trees', keyed(me.headers, 'shared'), validTreeForm()))
        .statusCode,
    ).toBe(201);
    // Another member's same key is their own: their tree is made.
    expect(
      (await kit.sendForm('POST', '/api/trees', keyed(other.headers, 'shared'), validTreeForm()))
        .statusCode,
    ).toBe(201);
    expect(await count('trees')).toBe(2);
    const { tree } = (await kit.register(me.headers)).json().data;
    const reused = await kit.call(
      'POST',
      `/api/trees/${tree.id}/care`,
      keyed(me.headers, 'shared'),
      {
        action: 'watered',
      },
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(IDEMPOTENCY_MESSAGES.otherRequest);
    expect(await count('tree_care_log')).toBe(0);
  });

  it('repeats measurements, care and health reports, refusals included, and another member’s tree stays refused', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const stranger = await kit.signIn();
    const { tree } = (await kit.registerOnPlantingDay(me.headers)).json().data;
    const url = `/api/trees/${tree.id}`;
    const measurement = { measuredAt: '2026-05-31', heightCm: 120, diameterCm: 1.5 };
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await kit.call('POST', `${url}/measurements`, keyed(me.headers, 'm-1'), measurement))
          .statusCode,
      ).toBe(201);
      expect(
        (await kit.call('POST', `${url}/care`, keyed(me.headers, 'c-1'), { action: 'watered' }))
          .statusCode,
      ).toBe(201);
    }
    expect(await count('tree_measurements')).toBe(1);
    expect(await count('tree_care_log')).toBe(1);
    const health = await kit.call('POST', `${url}/health`, keyed(me.headers, 'h-1'), {
      status: 'healthy',
    });
    const healthAgain = await kit.call('POST', `${url}/health`, keyed(me.headers, 'h-1'), {
      status: 'healthy',
    });
    expect(healthAgain.statusCode).toBe(health.statusCode);
    expect(healthAgain.body).toBe(health.body);
    // A refusal is the first answer too; the key does not open another member's tree.
    const refused = await kit.call('POST', `${url}/care`, keyed(stranger.headers, 's-1'), {
      action: 'watered',
    });
    expect(refused.statusCode).toBe(403);
    expect(await count('tree_care_log')).toBe(1);
  });

  it('after a crash: a key whose write committed answers that it was saved; one abandoned before writing runs again', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const keys = kit.services().idempotency;
    // The first request wrote (its transaction marked the key), then the process died.
    expect(await keys.claim(me.user.id, 'saved', 'POST /api/trees')).toEqual({ kind: 'run' });
    await kit
      .services()
      .uow.withTransaction((tx) => keys.markCommitted(tx.db, me.user.id, 'saved'));
    const lost = await kit.sendForm(
      'POST',
      '/api/trees',
      keyed(me.headers, 'saved'),
      validTreeForm(),
    );
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toBe(IDEMPOTENCY_MESSAGES.answerLost);
    // A first request that died before writing: within two minutes it may still be running.
    expect(await keys.claim(me.user.id, 'died', 'POST /api/trees')).toEqual({ kind: 'run' });
    const soon = await kit.sendForm(
      'POST',
      '/api/trees',
      keyed(me.headers, 'died'),
      validTreeForm(),
    );
    expect(soon.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    kit.clock.set(
      new Date(Date.parse('2026-06-01T10:00:00.000Z') + ABANDONED_AFTER_MS + 1000).toISOString(),
    );
    const later = await kit.sendForm(
      'POST',
      '/api/trees',
      keyed(me.headers, 'died'),
      validTreeForm(),
    );
    expect(later.statusCode).toBe(201);
    expect(await count('trees')).toBe(1);
    expect((await keyRow('died'))?.state).toBe('done');
  });

  it('marks the key written inside the tree’s own transaction', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const res = await kit.sendForm(
      'POST',
      '/api/trees',
      keyed(me.headers, 'in-tx'),
      validTreeForm(),
    );
    expect(res.statusCode).toBe(201);
    expect(await keyRow('in-tx')).toMatchObject({ state: 'done', status_code: 201 });
    // A failed validation never reaches the handler's transaction: nothing kept but the answer.
    const bad = await kit.sendForm(
      'POST',
      '/api/trees',
      keyed(me.headers, 'bad-form'),
      validTreeForm({ treeCount: '0' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(await count('trees')).toBe(1);
  });

  it('keeps keys 8 days, then the daily prune removes them in batches', async () => {
    await kit.setup();
    const me = await kit.signIn();
    const keys = kit.services().idempotency;
    for (let i = 0; i < 5; i += 1) await keys.claim(me.user.id, `old-${i}`, 'POST /api/trees');
    const start = Date.parse('2026-06-01T10:00:00.000Z');
    expect(await keys.prune(new Date(start + IDEMPOTENCY_KEEP_MS - 1000))).toBe(0);
    kit.clock.set(new Date(start + IDEMPOTENCY_KEEP_MS).toISOString());
    await keys.claim(me.user.id, 'new', 'POST /api/trees');
    expect(await keys.prune(new Date(start + IDEMPOTENCY_KEEP_MS + 1000))).toBe(5);
    expect(
      (await kit.db().selectFrom('idempotency_keys').select('idem_key').execute()).map(
        (r) => r.idem_key,
      ),
    ).toEqual(['new']);
  });
});
