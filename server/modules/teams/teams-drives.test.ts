import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES } from '../../../contract/dashboards';
import { DRIVE_MESSAGES } from '../../../contract/drives';
import { TEAM_MESSAGES } from '../../../contract/teams';
import { databaseTargets } from '../../../tests/support/test-database';
import { driveImage, sendForm, validForm } from '../drives/drive-test-kit';
import { teamSuite } from './teams-test-kit';

describe.each(databaseTargets)(
  "an organisation's drives and dashboard for its team on $name",
  (target) => {
    const kit = teamSuite(target);

    it('a team admin creates and edits drives for the organisation; a member cannot', async () => {
      await kit.start();
      const org = await kit.corporate({ name: 'Greenleaf Ltd' });
      const admin = await kit.person();
      const member = await kit.person();
      const outsider = await kit.person();
      await kit.join(org.user.id, org.headers, admin, 'admin');
      await kit.join(org.user.id, org.headers, member, 'member');
      const create = async (headers: Record<string, string>, organisation?: string) =>
        sendForm(
          kit.t.app,
          'POST',
          `/api/add_drivetreeinfo${organisation ? `?organisation=${organisation}` : ''}`,
          headers,
          validForm(),
          { data: await driveImage() },
        );

      // An individual admin has no drives of their own, only the organisation's.
      const own = await create(admin.headers);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe(DRIVE_MESSAGES.corporateOnly);
      const byMember = await create(member.headers, org.user.id);
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json().message).toBe(TEAM_MESSAGES.drivesManageOnly);
      expect((await create(outsider.headers, org.user.id)).statusCode).toBe(403);

      const created = await create(admin.headers, org.user.id);
      expect(created.statusCode).toBe(201);
      const drive = created.json().data.data;
      expect(drive.organizer.id).toBe(org.user.id);
      const row = await kit.t.database.db
        .selectFrom('drives')
        .select('organizer_id')
        .where('id', '=', drive.id)
        .executeTakeFirstOrThrow();
      expect(row.organizer_id).toBe(org.user.id);

      const edit = (headers: Record<string, string>) =>
        sendForm(
          kit.t.app,
          'PUT',
          `/api/drives/${drive.id}`,
          headers,
          validForm({ driveName: 'Renamed by the team' }),
        );
      const memberEdit = await edit(member.headers);
      expect(memberEdit.statusCode).toBe(403);
      expect(memberEdit.json().message).toBe(DRIVE_MESSAGES.organiserOnly);
      expect((await edit(outsider.headers)).statusCode).toBe(403);
      const adminEdit = await edit(admin.headers);
      expect(adminEdit.statusCode).toBe(200);
      expect(adminEdit.json().data.data.driveName).toBe('Renamed by the team');

      // The organisation account's own drive is editable by its admins too; once removed, not any more.
      const orgDrive = (await create(org.headers)).json().data.data;
      expect(
        (await sendForm(kit.t.app, 'PUT', `/api/drives/${orgDrive.id}`, admin.headers, validForm()))
          .statusCode,
      ).toBe(200);
      await kit.req('DELETE', `/api/teams/${org.user.id}/members/${admin.user.id}`, org.headers);
      expect(
        (await sendForm(kit.t.app, 'PUT', `/api/drives/${orgDrive.id}`, admin.headers, validForm()))
          .statusCode,
      ).toBe(403);
      expect((await create(admin.headers, org.user.id)).statusCode).toBe(403);
    });

    it("every team member sees the organisation's dashboard; others do not", async () => {
      await kit.start();
      const org = await kit.corporate({ name: 'Greenleaf Ltd' });
      const member = await kit.person();
      const outsider = await kit.person();
      const otherOrg = await kit.corporate({ name: 'Other Org' });
      await kit.join(org.user.id, org.headers, member, 'member');
      const dashboard = (headers: Record<string, string>, query = '') =>
        kit.req('GET', `/api/dashboard/corporate${query}`, headers);

      const named = await dashboard(member.headers, `?organisation=${org.user.id}`);
      expect(named.statusCode).toBe(200);
      expect(named.json().data.organisation).toEqual({ id: org.user.id, name: 'Greenleaf Ltd' });
      // A member's default is their team's organisation.
      expect((await dashboard(member.headers)).json().data.organisation.id).toBe(org.user.id);
      expect((await dashboard(org.headers)).json().data.organisation.id).toBe(org.user.id);

      expect((await dashboard(outsider.headers)).statusCode).toBe(403);
      expect((await dashboard(outsider.headers, `?organisation=${org.user.id}`)).statusCode).toBe(
        403,
      );
      expect((await dashboard(otherOrg.headers, `?organisation=${org.user.id}`)).statusCode).toBe(
        403,
      );
      // Removed from the team, the member no longer sees it.
      await kit.req('DELETE', `/api/teams/${org.user.id}/members/${member.user.id}`, org.headers);
      expect((await dashboard(member.headers, `?organisation=${org.user.id}`)).statusCode).toBe(
        403,
      );
    });

    it("a member of two teams views each organisation's dashboard and report by ?organisation=; a third's is refused", async () => {
      await kit.start();
      const alder = await kit.corporate({ name: 'Alder Ltd' });
      const birch = await kit.corporate({ name: 'Birch plc' });
      const cedar = await kit.corporate({ name: 'Cedar Co' });
      const member = await kit.person();
      await kit.join(alder.user.id, alder.headers, member, 'member');
      await kit.join(birch.user.id, birch.headers, member, 'admin');
      const dashboard = (headers: Record<string, string>, organisation: string) =>
        kit.req('GET', `/api/dashboard/corporate?organisation=${organisation}`, headers);
      const report = (headers: Record<string, string>, organisation: string) =>
        kit.req(
          'GET',
          `/api/reports/impact?from=2026-01-01&to=2026-01-31&format=csv&organisation=${organisation}`,
          headers,
        );

      for (const org of [alder, birch]) {
        const seen = await dashboard(member.headers, org.user.id);
        expect(seen.statusCode).toBe(200);
        expect(seen.json().data.organisation.id).toBe(org.user.id);
        const csv = await report(member.headers, org.user.id);
        expect(csv.statusCode).toBe(200);
        expect(csv.headers['content-type']).toContain('text/csv');
        expect(csv.body).toContain(org.user.id === alder.user.id ? 'Alder Ltd' : 'Birch plc');
      }

      // Neither another organisation's dashboard nor its report, for the member or another organisation.
      for (const [headers, organisation] of [
        [member.headers, cedar.user.id],
        [cedar.headers, alder.user.id],
        [alder.headers, birch.user.id],
      ] as const) {
        const refused = await dashboard(headers, organisation);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(DASHBOARD_MESSAGES.corporateOnly);
        const refusedReport = await report(headers, organisation);
        expect(refusedReport.statusCode).toBe(403);
        expect(refusedReport.json().message).toBe(DASHBOARD_MESSAGES.corporateOnly);
      }
      // Without a session, naming an organisation changes nothing.
      expect((await dashboard({}, alder.user.id)).statusCode).toBe(401);
      expect((await report({}, alder.user.id)).statusCode).toBe(401);
    });
  },
);
