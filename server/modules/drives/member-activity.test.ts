import { describe, expect, it } from 'vitest';
import { buildTree } from '../../../tests/support/factories';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveApi } from './drive-test-kit';

// A public profile's links: GET /api/drives/member/:id and GET /api/trees/member/:id.
describe.each(databaseTargets)(
  "a member's drives and trees for their profile on $name",
  (target) => {
    const { setup, db, signIn, corporate, call, insertDrive, join } = driveApi(target);

    it('needs a session', async () => {
      await setup();
      expect((await call('GET', '/api/drives/member/someone')).statusCode).toBe(401);
      expect((await call('GET', '/api/trees/member/someone')).statusCode).toBe(401);
    });

    it('refuses an id that is too long', async () => {
      await setup();
      const me = await signIn();
      const long = 'x'.repeat(70);
      expect((await call('GET', `/api/drives/member/${long}`, me.headers)).statusCode).toBe(400);
      expect((await call('GET', `/api/trees/member/${long}`, me.headers)).statusCode).toBe(400);
    });

    it("lists another member's organised and joined drives, upcoming first, without caller flags", async () => {
      await setup();
      const organiser = await corporate();
      const member = await signIn();
      const viewer = await signIn();
      const soon = await insertDrive(organiser.user.id, {
        name: 'Upcoming mangroves',
        starts_at: '2026-06-20T08:00:00.000Z',
        time_zone: 'Asia/Kolkata',
      });
      const before = await insertDrive(organiser.user.id, {
        name: 'Spring neem',
        starts_at: '2026-03-01T08:00:00.000Z',
      });
      await join(soon.id, member.user.id);
      await join(before.id, member.user.id);

      const res = await call('GET', `/api/drives/member/${organiser.user.id}`, viewer.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.organised.map((d: { driveName: string }) => d.driveName)).toEqual([
        'Upcoming mangroves',
        'Spring neem',
      ]);
      expect(body.data.organised[0]).toEqual({
        id: soon.id,
        driveName: 'Upcoming mangroves',
        driveDate: '2026-06-20T08:00:00.000Z',
        timeZone: 'Asia/Kolkata',
        place: 'Lodhi Garden, New Delhi, India',
        isPast: false,
      });
      expect(body.data.joined).toEqual([]);

      const joined = (
        await call('GET', `/api/drives/member/${member.user.id}`, viewer.headers)
      ).json();
      expect(joined.data.organised).toEqual([]);
      expect(
        joined.data.joined.map((d: { id: string; isPast: boolean }) => [d.id, d.isPast]),
      ).toEqual([
        [soon.id, false],
        [before.id, true],
      ]);
    });

    it("lists another member's trees, newest first, with no coordinates", async () => {
      await setup();
      const owner = await signIn();
      const viewer = await signIn();
      await db()
        .insertInto('trees')
        .values([
          buildTree(owner.user.id, {
            id: 't-old',
            nickname: 'Sunny',
            lat: 28.593312,
            lng: 77.219745,
            created_at: '2026-01-01T00:00:00.000Z',
          }),
          buildTree(owner.user.id, { id: 't-new', created_at: '2026-02-01T00:00:00.000Z' }),
        ])
        .execute();
      const res = await call('GET', `/api/trees/member/${owner.user.id}`, viewer.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(2);
      expect(body.data.map((t: { id: string }) => t.id)).toEqual(['t-new', 't-old']);
      expect(body.data[1]).toMatchObject({
        id: 't-old',
        name: 'Sunny',
        status: 'healthy',
        count: 1,
      });
      expect(JSON.stringify(body)).not.toMatch(/28\.59|77\.21|lat|lng/);

      const nobody = (await call('GET', '/api/trees/member/no-such-member', viewer.headers)).json();
      expect(nobody).toEqual({ success: true, data: [], total: 0 });
    });
  },
);
