import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../../contract/teams';
import { TEST_PASSWORD } from '../../../tests/support/signed-in';
import { databaseTargets } from '../../../tests/support/test-database';
import { teamSuite } from './teams-test-kit';

describe.each(databaseTargets)('team members and roles on $name', (target) => {
  const kit = teamSuite(target);
  const member = (org: string, user: string) => `/api/teams/${org}/members/${user}`;

  it('lists the team for its members only; a corporate account starts as its owner', async () => {
    await kit.start();
    const org = await kit.corporate({ name: 'Greenleaf Ltd' });
    const individual = await kit.person();
    const mine = await kit.req('GET', '/api/teams/mine', org.headers);
    expect(mine.json().data).toEqual([
      {
        organisation: { id: org.user.id, name: 'Greenleaf Ltd', username: org.user.username },
        role: 'owner',
        isOrganisationAccount: true,
      },
    ]);
    // An individual in no team has none.
    expect((await kit.req('GET', '/api/teams/mine', individual.headers)).json().data).toEqual([]);

    const a = await kit.person({ name: 'Ash' });
    await kit.join(org.user.id, org.headers, a, 'member');
    const list = await kit.req('GET', `/api/teams/${org.user.id}/members?limit=10`, a.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      success: true,
      page: 1,
      limit: 10,
      total: 2,
      myRole: 'member',
      organisation: { id: org.user.id },
      data: [
        { userId: org.user.id, role: 'owner', isOrganisationAccount: true },
        { userId: a.user.id, name: 'Ash', role: 'member', isOrganisationAccount: false },
      ],
    });
    expect(
      (await kit.req('GET', `/api/teams/${org.user.id}/members`, individual.headers)).statusCode,
    ).toBe(403);
    expect(
      (await kit.req('GET', `/api/teams/${org.user.id}/members?limit=500`, a.headers)).statusCode,
    ).toBe(400);
  });

  it('owners and admins change roles and remove members; members cannot; people are told', async () => {
    await kit.start();
    const org = await kit.corporate({ name: 'Greenleaf Ltd' });
    const admin = await kit.person();
    const a = await kit.person();
    const b = await kit.person();
    await kit.join(org.user.id, org.headers, admin, 'admin');
    await kit.join(org.user.id, org.headers, a, 'member');
    await kit.join(org.user.id, org.headers, b, 'member');

    const byMember = await kit.req('PATCH', member(org.user.id, b.user.id), a.headers, {
      role: 'admin',
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(TEAM_MESSAGES.manageOnly);
    expect((await kit.req('DELETE', member(org.user.id, b.user.id), a.headers)).statusCode).toBe(
      403,
    );

    const bad = await kit.req('PATCH', member(org.user.id, a.user.id), org.headers, {
      role: 'king',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TEAM_MESSAGES.roleInvalid);

    const promoted = await kit.req('PATCH', member(org.user.id, a.user.id), admin.headers, {
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({
      message: TEAM_MESSAGES.roleChanged,
      data: { role: 'admin' },
    });
    // Admins do not give or take the owner role.
    const toOwner = await kit.req('PATCH', member(org.user.id, b.user.id), admin.headers, {
      role: 'owner',
    });
    expect(toOwner.statusCode).toBe(403);
    expect(toOwner.json().message).toBe(TEAM_MESSAGES.ownerOnly);
    expect(
      (await kit.req('DELETE', member(org.user.id, org.user.id), admin.headers)).statusCode,
    ).toBe(409);
    const demoteOwner = await kit.req('PATCH', member(org.user.id, org.user.id), admin.headers, {
      role: 'member',
    });
    expect(demoteOwner.statusCode).toBe(403);

    const removed = await kit.req('DELETE', member(org.user.id, b.user.id), admin.headers);
    expect(removed.json()).toEqual({ success: true, message: TEAM_MESSAGES.removed });
    expect(
      (await kit.req('DELETE', member(org.user.id, b.user.id), admin.headers)).statusCode,
    ).toBe(404);
    expect((await kit.req('GET', `/api/teams/${org.user.id}/members`, b.headers)).statusCode).toBe(
      403,
    );

    const notices = await kit.t.database.db
      .selectFrom('notifications')
      .select(['user_id', 'kind'])
      .where('kind', 'in', ['team_role_changed', 'team_removed'])
      .orderBy('kind')
      .execute();
    expect(notices).toEqual([
      { user_id: b.user.id, kind: 'team_removed' },
      { user_id: a.user.id, kind: 'team_role_changed' },
    ]);
    expect(await kit.roles(org.user.id)).toEqual({
      [org.user.id]: 'owner',
      [admin.user.id]: 'admin',
      [a.user.id]: 'admin',
    });
  });

  it('tells a Spanish and a Hindi member of a new role and a removal in their language (issue 26)', async () => {
    await kit.start();
    const org = await kit.corporate({ name: 'Greenleaf Ltd' });
    const es = await kit.person({ locale: 'es' });
    const hi = await kit.person({ locale: 'hi' });
    await kit.join(org.user.id, org.headers, es, 'member');
    await kit.join(org.user.id, org.headers, hi, 'member');
    const promote = { role: 'admin' };
    expect(
      (await kit.req('PATCH', member(org.user.id, es.user.id), org.headers, promote)).statusCode,
    ).toBe(200);
    expect((await kit.req('DELETE', member(org.user.id, hi.user.id), org.headers)).statusCode).toBe(
      200,
    );
    const notices = await kit.t.database.db
      .selectFrom('notifications')
      .select(['user_id', 'title', 'body'])
      .where('kind', 'in', ['team_role_changed', 'team_removed'])
      .execute();
    expect(notices).toEqual(
      expect.arrayContaining([
        {
          user_id: es.user.id,
          title: 'Tu rol en Greenleaf Ltd cambió',
          body: 'Ahora tu rol en Greenleaf Ltd es administrador (antes: miembro).',
        },
        expect.objectContaining({
          user_id: hi.user.id,
          title: 'आपको Greenleaf Ltd से हटा दिया गया',
        }),
      ]),
    );
  });

  it('members leave; the last owner cannot leave, be demoted or removed', async () => {
    await kit.start();
    const org = await kit.corporate();
    const a = await kit.person();
    const owner2 = await kit.person();
    await kit.join(org.user.id, org.headers, a, 'member');
    const left = await kit.req('DELETE', member(org.user.id, a.user.id), a.headers);
    expect(left.json()).toEqual({ success: true, message: TEAM_MESSAGES.left });

    const demoteLast = await kit.req('PATCH', member(org.user.id, org.user.id), org.headers, {
      role: 'admin',
    });
    expect(demoteLast.statusCode).toBe(409);
    expect(demoteLast.json().message).toBe(TEAM_MESSAGES.lastOwner);
    // The organisation account always stays in its own team.
    const leaveOrg = await kit.req('DELETE', member(org.user.id, org.user.id), org.headers);
    expect(leaveOrg.statusCode).toBe(409);
    expect(leaveOrg.json().message).toBe(TEAM_MESSAGES.organisationAccount);

    await kit.join(org.user.id, org.headers, owner2, 'owner');
    // With two owners, the organisation account may step down, then the other is the last owner.
    expect(
      (await kit.req('PATCH', member(org.user.id, org.user.id), org.headers, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
    const leaveLast = await kit.req('DELETE', member(org.user.id, owner2.user.id), owner2.headers);
    expect(leaveLast.statusCode).toBe(409);
    expect(leaveLast.json().message).toBe(TEAM_MESSAGES.lastOwner);
    const selfDemote = await kit.req('PATCH', member(org.user.id, owner2.user.id), owner2.headers, {
      role: 'member',
    });
    expect(selfDemote.statusCode).toBe(409);
    expect(await kit.roles(org.user.id)).toEqual({
      [org.user.id]: 'admin',
      [owner2.user.id]: 'owner',
    });
  });

  it('two owners demoting each other at once: one wins, one owner remains', async () => {
    await kit.start();
    const org = await kit.corporate();
    const other = await kit.person();
    await kit.join(org.user.id, org.headers, other, 'owner');
    const [x, y] = await Promise.all([
      kit.req('PATCH', member(org.user.id, other.user.id), org.headers, { role: 'member' }),
      kit.req('PATCH', member(org.user.id, org.user.id), other.headers, { role: 'member' }),
    ]);
    // The loser is refused as the last owner, or (if the winner went first) as no longer an owner.
    expect([x.statusCode, y.statusCode]).toContain(200);
    expect([x.statusCode, y.statusCode].filter((c) => c !== 200)).toHaveLength(1);
    expect([403, 409]).toContain(x.statusCode === 200 ? y.statusCode : x.statusCode);
    const roles = Object.values(await kit.roles(org.user.id));
    expect(roles.filter((r) => r === 'owner')).toHaveLength(1);

    // Concurrent self-removal and demotion of the other owner: still one owner.
    const third = await kit.person();
    const winner = x.statusCode === 200 ? org : other;
    await kit.join(org.user.id, winner.headers, third, 'owner');
    const [p, q] = await Promise.all([
      kit.req('DELETE', member(org.user.id, third.user.id), third.headers),
      kit.req('PATCH', member(org.user.id, winner.user.id), third.headers, { role: 'admin' }),
    ]);
    expect([p.statusCode, q.statusCode].filter((c) => c === 200)).toHaveLength(1);
    const after = Object.values(await kit.roles(org.user.id));
    expect(after.filter((r) => r === 'owner').length).toBeGreaterThanOrEqual(1);
  });

  it('two owners stepping down at once: exactly one does, the other is the last owner', async () => {
    await kit.start();
    const org = await kit.corporate();
    const other = await kit.person();
    await kit.join(org.user.id, org.headers, other, 'owner');
    for (let round = 0; round < 3; round++) {
      const [x, y] = await Promise.all([
        kit.req('PATCH', member(org.user.id, org.user.id), org.headers, { role: 'admin' }),
        kit.req('PATCH', member(org.user.id, other.user.id), other.headers, { role: 'member' }),
      ]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
      expect((x.statusCode === 409 ? x : y).json().message).toBe(TEAM_MESSAGES.lastOwner);
      const roles = Object.values(await kit.roles(org.user.id));
      expect(roles.filter((r) => r === 'owner')).toHaveLength(1);
      // Both owners again for the next round.
      const stillOwner = x.statusCode === 409 ? org : other;
      const demoted = x.statusCode === 409 ? other : org;
      const back = await kit.req(
        'PATCH',
        member(org.user.id, demoted.user.id),
        stillOwner.headers,
        {
          role: 'owner',
        },
      );
      expect(back.statusCode).toBe(200);
    }
  });

  it('account deletion: a member leaves every team, the last owner hands back to the organisation', async () => {
    await kit.start();
    const org = await kit.corporate();
    const owner2 = await kit.person();
    const a = await kit.person();
    await kit.join(org.user.id, org.headers, owner2, 'owner');
    await kit.join(org.user.id, org.headers, a, 'member');
    await kit.req('PATCH', member(org.user.id, org.user.id), owner2.headers, { role: 'member' });
    const pending = await kit.invite(org.user.id, owner2.headers, 'later@example.org');
    await kit.t.services.uow.withTransaction((tx) =>
      kit.t.services.teams.onAccountDeleted(owner2.user.id, tx),
    );
    expect(await kit.roles(org.user.id)).toEqual({ [org.user.id]: 'owner', [a.user.id]: 'member' });
    const invite = await kit.t.database.db
      .selectFrom('team_invites')
      .select('revoked_at')
      .where('id', '=', pending.invite.id)
      .executeTakeFirstOrThrow();
    expect(invite.revoked_at).not.toBeNull();

    // A deleted organisation's team goes, and its members are told.
    await kit.t.services.uow.withTransaction((tx) =>
      kit.t.services.teams.onAccountDeleted(org.user.id, tx),
    );
    expect(await kit.roles(org.user.id)).toEqual({});
    const told = await kit.t.database.db
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', 'team_removed')
      .execute();
    expect(told).toEqual([{ user_id: a.user.id }]);
  });

  it('deleting an account through the API takes the person out of their teams', async () => {
    await kit.start();
    const org = await kit.corporate();
    const a = await kit.person();
    await kit.join(org.user.id, org.headers, a, 'admin');
    const res = await kit.req('DELETE', '/api/users/me', a.headers, {
      password: TEST_PASSWORD,
      confirm: 'DELETE',
    });
    expect(res.statusCode).toBe(200);
    expect(await kit.roles(org.user.id)).toEqual({ [org.user.id]: 'owner' });
  });

  it('roleIn answers for the dashboards and drives: the role, or null', async () => {
    await kit.start();
    const org = await kit.corporate();
    const a = await kit.person();
    const { teams } = kit.t.services;
    expect(await teams.roleIn(org.user.id, org.user.id)).toBe('owner');
    expect(await teams.roleIn(org.user.id, a.user.id)).toBeNull();
    expect(await teams.roleIn(a.user.id, a.user.id)).toBeNull();
    expect(await teams.roleIn('missing', a.user.id)).toBeNull();
    await kit.join(org.user.id, org.headers, a, 'admin');
    expect(await teams.roleIn(org.user.id, a.user.id)).toBe('admin');
    expect(await teams.managesDrivesOf(a.user.id, org.user.id)).toBe(true);
  });
});
