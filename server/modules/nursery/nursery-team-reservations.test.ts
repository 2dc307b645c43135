import { beforeEach, describe, expect, it } from 'vitest';
import { DRIVE_MESSAGES } from '../../../contract/drives';
import { NURSERY_MESSAGES } from '../../../contract/nursery';
import type { TeamRole } from '../../../contract/teams';
import { databaseTargets } from '../../../tests/support/test-database';
import { nurseryTestKit, UPCOMING } from './nursery-test-kit';

describe.each(databaseTargets)(
  "reservations for an organisation's drive, and whether they can be cancelled, on $name",
  (target) => {
    const k = nurseryTestKit(target);
    beforeEach(() => k.setup());

    /** Team rows as the invite flow leaves them (the flow itself is the teams suites' concern). */
    const joinTeam = (orgId: string, userId: string, role: TeamRole) =>
      k
        .db()
        .insertInto('team_members')
        .values({ organisation_id: orgId, user_id: userId, role, joined_at: UPCOMING })
        .execute();

    /** A nursery with 20 saplings, an organisation's upcoming drive, its team admin and member. */
    async function scene() {
      const nursery = await k.nursery();
      const org = await k.organiser();
      await joinTeam(org.user.id, org.user.id, 'owner');
      const admin = await k.signIn({ name: 'Ada Admin' });
      const member = await k.signIn({ name: 'Mo Member' });
      const outsider = await k.signIn({ name: 'Otto Outsider' });
      await joinTeam(org.user.id, admin.user.id, 'admin');
      await joinTeam(org.user.id, member.user.id, 'member');
      const drive = await k.insertDrive(org.user.id, {
        starts_at: UPCOMING,
        name: 'Team planting',
      });
      const stock = await k.addStock(nursery.headers, { quantityAvailable: 20 });
      return { nursery, org, admin, member, outsider, drive, stock };
    }

    it("lets the team's owners and admins reserve and cancel, not its members or outsiders", async () => {
      const { nursery, org, admin, member, outsider, drive, stock } = await scene();
      for (const who of [member, outsider]) {
        const refused = await k.reserve(who.headers, drive.id, stock.id, 2);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(DRIVE_MESSAGES.organiserOnly);
      }
      expect(await k.available(stock.id)).toBe(20);

      const res = await k.reserve(admin.headers, drive.id, stock.id, 3);
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({
        organiser: { id: admin.user.id, name: 'Ada Admin' },
        actions: ['cancel'],
        canCancel: true,
        cancelRefusal: null,
      });
      const id = res.json().data.id as string;
      expect(await k.available(stock.id)).toBe(17);

      // The organisation's owner sees and may cancel it too; a member or outsider may not.
      const asOwner = await k.send('GET', `/api/nursery/reservations/${id}`, org.headers);
      expect(asOwner.json().data).toMatchObject({ actions: ['cancel'], canCancel: true });
      for (const who of [member, outsider]) {
        const one = await k.send('GET', `/api/nursery/reservations/${id}`, who.headers);
        expect(one.statusCode).toBe(403);
        expect((await k.act(who.headers, id, 'cancel')).statusCode).toBe(403);
      }
      const listed = await k.send('GET', `/api/drives/${drive.id}/reservations`, member.headers);
      expect(listed.json().data[0]).toMatchObject({ id, actions: [], canCancel: false });

      // Once removed from the team, the former admin has no say any more.
      const second = (await k.reserve(admin.headers, drive.id, stock.id, 2)).json().data.id;
      await k
        .db()
        .deleteFrom('team_members')
        .where('organisation_id', '=', org.user.id)
        .where('user_id', '=', admin.user.id)
        .execute();
      expect((await k.act(admin.headers, second, 'cancel')).statusCode).toBe(403);
      expect((await k.reserve(admin.headers, drive.id, stock.id, 1)).statusCode).toBe(403);

      const cancelled = await k.act(org.headers, id, 'cancel');
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data).toMatchObject({ status: 'cancelled', canCancel: false });
      expect(await k.available(stock.id)).toBe(18);
      // The nursery hears of it; the admin who reserved hears when the nursery acts.
      expect((await k.noticesOf(nursery.user.id)).at(-1)?.title).toBe(
        'Sapling reservation cancelled',
      );
    });

    it('says a confirmed reservation donors paid for cannot be cancelled, by the rule the refusal uses', async () => {
      const { nursery, org, admin, drive, stock } = await scene();
      const id = (await k.reserve(admin.headers, drive.id, stock.id, 4)).json().data.id as string;
      expect((await k.act(nursery.headers, id, 'confirm')).statusCode).toBe(200);
      const before = await k.send('GET', `/api/nursery/reservations/${id}`, org.headers);
      expect(before.json().data).toMatchObject({ canCancel: true, cancelRefusal: null });

      const donor = await k.signIn({ name: 'Dana Donor' });
      // Not paid yet: an allocated donation being paid for already keeps the saplings.
      const donated = await k.send('POST', '/api/donations', donor.headers, {
        category: 'Trees',
        kind: 'trees',
        trees: 2,
        driveId: drive.id,
      });
      expect(donated.statusCode).toBe(200);

      const views = [
        (await k.send('GET', `/api/nursery/reservations/${id}`, org.headers)).json().data,
        (await k.send('GET', `/api/nursery/reservations/${id}`, nursery.headers)).json().data,
        (await k.send('GET', `/api/drives/${drive.id}/reservations`, admin.headers)).json().data[0],
        (await k.send('GET', '/api/nursery/reservations?status=open', nursery.headers)).json()
          .data[0],
        (await k.send('GET', '/api/dashboard/nursery', nursery.headers)).json().data
          .openReservations[0],
      ];
      for (const view of views)
        expect(view).toMatchObject({
          id,
          canCancel: false,
          cancelRefusal: NURSERY_MESSAGES.reservationHasDonations,
        });
      // The nursery may still deliver; neither side is offered cancel, and asking is refused.
      expect(views[1].actions).toEqual(['deliver']);
      expect(views[0].actions).toEqual([]);
      for (const who of [org, admin, nursery]) {
        const refused = await k.act(who.headers, id, 'cancel');
        expect(refused.statusCode).toBe(409);
        expect(refused.json().message).toBe(views[0].cancelRefusal);
      }
      // Someone with no say is not told a reason that is not theirs.
      const stranger = await k.signIn();
      const asStranger = await k.send(
        'GET',
        `/api/drives/${drive.id}/reservations`,
        stranger.headers,
      );
      expect(asStranger.json().data[0]).toMatchObject({ canCancel: false, cancelRefusal: null });
    });
  },
);
