import { describe, expect, it } from 'vitest';
import {
  CARE_MESSAGES,
  growthResponseSchema,
  measurementResponseSchema,
} from '../../../contract/tree-care';
import { TREE_MESSAGES } from '../../../contract/trees';
import { databaseTargets } from '../../../tests/support/test-database';
import { treePhoto, treesTestKit, type Headers } from './tree-test-kit';

describe.each(databaseTargets)('nurturing trees on $name', (target) => {
  const kit = treesTestKit(target);
  const { register, call, sendForm } = kit;
  /**
   * A registered tree of mine (12 neem, planted 2026-05-20 and registered that day) and a
   * stranger to try it.
   */
  const myTree = async () => {
    const me = await kit.signIn();
    const stranger = await kit.signIn();
    const { tree } = (await kit.registerOnPlantingDay(me.headers)).json().data;
    return { me, stranger, tree, url: `/api/trees/${tree.id}` };
  };
  const measure = (url: string, headers: Headers, payload: object) =>
    call('POST', `${url}/measurements`, headers, payload);
  const valid = { measuredAt: '2026-05-31', heightCm: 120, diameterCm: 1.5 };

  describe('POST /api/trees/{id}/measurements', () => {
    it('needs a session and the owner', async () => {
      await kit.setup();
      const { stranger, url } = await myTree();
      expect((await measure(url, {}, valid)).statusCode).toBe(401);
      expect((await measure(url, stranger.headers, valid)).statusCode).toBe(403);
      expect((await measure('/api/trees/nope', stranger.headers, valid)).statusCode).toBe(404);
    });

    it.each([
      ['heightCm', { heightCm: 0.5 }, CARE_MESSAGES.heightRange],
      ['heightCm', { heightCm: 15_001 }, CARE_MESSAGES.heightRange],
      ['diameterCm', { diameterCm: 0.05 }, CARE_MESSAGES.diameterRange],
      ['diameterCm', { diameterCm: 1001 }, CARE_MESSAGES.diameterRange],
      ['diameterCm', { diameterCm: undefined }, CARE_MESSAGES.diameterRequired],
      ['measuredAt', { measuredAt: '2026-06-05' }, CARE_MESSAGES.measuredInFuture],
      ['measuredAt', { measuredAt: '2026-05-19' }, CARE_MESSAGES.measuredBeforePlanting],
      ['aliveCount', { aliveCount: 13 }, CARE_MESSAGES.aliveTooMany],
      ['aliveCount', { aliveCount: 0 }, CARE_MESSAGES.noneAlive],
    ])('catches a typo in %s: %j', async (field, overrides, message) => {
      await kit.setup();
      const { me, url } = await myTree();
      const res = await measure(url, me.headers, { ...valid, ...overrides });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    });

    it('records it, and the impact is then measured', async () => {
      await kit.setup();
      const { me, url } = await myTree();
      const res = await measure(url, me.headers, { ...valid, aliveCount: 10 });
      expect(res.statusCode).toBe(201);
      const { data } = measurementResponseSchema.parse(res.json());
      expect(data.measurement).toMatchObject({ heightCm: 120, diameterCm: 1.5, aliveCount: 10 });
      expect(data.tree).toMatchObject({
        aliveCount: 10,
        lastMeasurement: { measuredAt: '2026-05-31T00:00:00.000Z', heightCm: 120, diameterCm: 1.5 },
      });
      expect(data.tree.impact.basis).toBe('measured');
      // An older measurement typed in later joins the history but is not "the latest".
      await measure(url, me.headers, { ...valid, measuredAt: '2026-05-25', heightCm: 100 });
      const tree = (await call('GET', url, me.headers)).json().data.tree;
      expect(tree.lastMeasurement.heightCm).toBe(120);
    });

    it('takes multipart with a photo under "photo"', async () => {
      await kit.setup();
      const { me, url } = await myTree();
      const res = await sendForm(
        'POST',
        `${url}/measurements`,
        me.headers,
        { measuredAt: '2026-05-31', heightCm: '130', diameterCm: '2' },
        { data: await treePhoto(), field: 'photo' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().data.measurement.photoUrl).toMatch(/^\/api\/files\//);
    });
  });

  describe('POST /api/trees/{id}/care', () => {
    it('needs a session and the owner, and a known action', async () => {
      await kit.setup();
      const { me, stranger, url } = await myTree();
      const care = (headers: Headers, body: object) => call('POST', `${url}/care`, headers, body);
      expect((await care({}, { action: 'watered' })).statusCode).toBe(401);
      expect((await care(stranger.headers, { action: 'watered' })).statusCode).toBe(403);
      const bad = await care(me.headers, { action: 'sang to it' });
      expect(bad.json()).toMatchObject({ field: 'action', message: CARE_MESSAGES.actionRequired });
      const future = await care(me.headers, { action: 'watered', at: '2026-07-01' });
      expect(future.json()).toMatchObject({ field: 'at', message: CARE_MESSAGES.careInFuture });
      const early = await care(me.headers, { action: 'watered', at: '2026-05-01' });
      expect(early.json()).toMatchObject({
        field: 'at',
        message: CARE_MESSAGES.careBeforePlanting,
      });
      const long = await care(me.headers, { action: 'pruned', note: 'x'.repeat(501) });
      expect(long.json()).toMatchObject({ field: 'note' });
    });

    it('logs it (now by default) and it clears the due task', async () => {
      await kit.setup();
      const { me, url } = await myTree();
      const due = async () =>
        (await call('GET', '/api/trees/care-due', me.headers))
          .json()
          .data.map((t: { task: string }) => t.task);
      // Planted 2026-05-20: weekly watering fell due on 05-27.
      expect(await due()).toEqual(['water']);
      const res = await call('POST', `${url}/care`, me.headers, {
        action: 'watered',
        note: 'Two buckets',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.entry).toMatchObject({
        action: 'watered',
        note: 'Two buckets',
        at: kit.clock.now().toISOString(),
      });
      expect(await due()).toEqual([]);
    });

    it('GET lists the care log newest first to any member; unknown trees are 404', async () => {
      await kit.setup();
      const { me, stranger, tree, url } = await myTree();
      expect((await call('GET', `${url}/care`)).statusCode).toBe(401);
      await call('POST', `${url}/care`, me.headers, { action: 'mulched', at: '2026-05-25' });
      await call('POST', `${url}/care`, me.headers, { action: 'watered', note: 'Rain-fed' });
      const res = await call('GET', `${url}/care`, stranger.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((e: { action: string }) => e.action)).toEqual([
        'watered',
        'mulched',
      ]);
      expect(res.json().data[0]).toMatchObject({ note: 'Rain-fed', id: expect.any(String) });
      expect(tree.id).toBeTruthy();
      const unknown = await call('GET', '/api/trees/nope/care', me.headers);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(TREE_MESSAGES.notFound);
    });
  });

  describe('POST /api/trees/{id}/health and the replanting chain', () => {
    it('needs a session and the owner; a death needs a cause', async () => {
      await kit.setup();
      const { me, stranger, url } = await myTree();
      const health = (headers: Headers, body: object) =>
        call('POST', `${url}/health`, headers, body);
      expect((await health({}, { status: 'dead', cause: 'pests' })).statusCode).toBe(401);
      expect((await health(stranger.headers, { status: 'healthy' })).statusCode).toBe(403);
      const noCause = await health(me.headers, { status: 'dead' });
      expect(noCause.json()).toMatchObject({
        field: 'cause',
        message: CARE_MESSAGES.causeRequired,
      });
      const badCause = await health(me.headers, { status: 'dead', cause: 'aliens' });
      expect(badCause.json()).toMatchObject({
        field: 'cause',
        message: CARE_MESSAGES.causeUnknown,
      });
      const tooMany = await health(me.headers, { status: 'needs-care', aliveCount: 99 });
      expect(tooMany.json()).toMatchObject({ field: 'aliveCount' });
    });

    it('a death opens a replanting task; a registration replacing it closes it', async () => {
      await kit.setup();
      const { me, stranger, tree, url } = await myTree();
      const tasks = async (headers = me.headers) =>
        (await call('GET', '/api/trees/replanting', headers)).json().data;
      expect((await call('GET', '/api/trees/replanting')).statusCode).toBe(401);
      expect(await tasks()).toEqual([]);

      const sick = await call('POST', `${url}/health`, me.headers, {
        status: 'needs-care',
        cause: 'pests',
        aliveCount: 9,
      });
      expect(sick.json().data.tree).toMatchObject({
        status: 'needs-care',
        cause: 'pests',
        aliveCount: 9,
      });
      const died = await call('POST', `${url}/health`, me.headers, {
        status: 'dead',
        cause: 'drought',
      });
      expect(died.json().data.tree).toMatchObject({
        status: 'dead',
        aliveCount: 0,
        cause: 'drought',
      });
      expect(died.json().data.tree.impact.co2Kg).toEqual({ low: 0, mid: 0, high: 0 });
      // A dead tree takes no more care or measurements.
      const care = await call('POST', `${url}/care`, me.headers, { action: 'watered' });
      expect(care.statusCode).toBe(409);
      expect((await measure(url, me.headers, valid)).statusCode).toBe(409);

      expect(await tasks()).toEqual([
        {
          tree: expect.objectContaining({ id: tree.id }),
          cause: 'drought',
          diedAt: kit.clock.now().toISOString(),
        },
      ]);
      expect(await tasks(stranger.headers)).toEqual([]);

      // Only my own dead tree can be replaced, once.
      const notMine = await register(stranger.headers, { replacesTreeId: tree.id });
      expect(notMine.json()).toMatchObject({
        field: 'replacesTreeId',
        message: TREE_MESSAGES.replacesInvalid,
      });
      const next = await register(me.headers, { replacesTreeId: tree.id, plantedAt: '2026-06-01' });
      expect(next.statusCode).toBe(201);
      const replacement = next.json().data.tree;
      expect(replacement.replacesTreeId).toBe(tree.id);
      expect(await tasks()).toEqual([]);
      expect((await call('GET', url, me.headers)).json().data.tree.replacedByTreeId).toBe(
        replacement.id,
      );
      const again = await register(me.headers, { replacesTreeId: tree.id });
      expect(again.json().field).toBe('replacesTreeId');
      // A living tree has no replanting task to close.
      const living = await register(me.headers, { replacesTreeId: replacement.id });
      expect(living.json().field).toBe('replacesTreeId');

      // The chain goes on: the replacement dies too, and its own task opens.
      await call('POST', `/api/trees/${replacement.id}/health`, me.headers, {
        status: 'dead',
        cause: 'grazing',
      });
      expect((await tasks()).map((t: { tree: { id: string } }) => t.tree.id)).toEqual([
        replacement.id,
      ]);
    });
  });

  describe('GET /api/trees/care-due and /api/trees/{id}/growth', () => {
    it('care-due needs a session and lists only my tasks', async () => {
      await kit.setup();
      const { me, stranger } = await myTree();
      expect((await call('GET', '/api/trees/care-due')).statusCode).toBe(401);
      expect((await call('GET', '/api/trees/care-due', stranger.headers)).json().data).toEqual([]);
      const [task] = (await call('GET', '/api/trees/care-due', me.headers)).json().data;
      expect(task).toMatchObject({
        treeName: 'Grandma’s neem',
        task: 'water',
        dueAt: '2026-05-27T00:00:00.000Z',
        overdueDays: 5,
        lastDoneAt: null,
      });
    });

    it('growth shows measured points and ten predicted years to any member', async () => {
      await kit.setup();
      const { me, stranger, url } = await myTree();
      expect((await call('GET', `${url}/growth`)).statusCode).toBe(401);
      expect((await call('GET', '/api/trees/nope/growth', me.headers)).statusCode).toBe(404);
      await measure(url, me.headers, valid);
      const res = await call('GET', `${url}/growth`, stranger.headers);
      const { data } = growthResponseSchema.parse(res.json());
      expect(data.basis).toBe('measured');
      expect(data.measured).toHaveLength(1);
      expect(data.predicted.map((p) => p.yearsFromNow)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      for (let i = 1; i < data.predicted.length; i++) {
        expect(data.predicted[i]!.heightCm).toBeGreaterThan(data.predicted[i - 1]!.heightCm);
        expect(data.predicted[i]!.co2Kg.mid).toBeGreaterThan(data.predicted[i - 1]!.co2Kg.mid);
      }
      // Scaled through the measurement: 120 cm at about age 1 grows from there.
      expect(data.predicted[0]!.heightCm).toBeGreaterThan(120);
    });
  });
});
