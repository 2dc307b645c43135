import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../../contract/teams';
import { databaseTargets } from '../../../tests/support/test-database';
import { teamSuite } from './teams-test-kit';

const DAY = 24 * 60 * 60_000;

describe.each(databaseTargets)('team invites on $name', (target) => {
  const kit = teamSuite(target);

  it('refuses every team endpoint without a session', async () => {
    await kit.start();
    const org = await kit.corporate();
    const base = `/api/teams/${org.user.id}`;
    const token = 'x'.repeat(43);
    for (const [method, url, body] of [
      ['GET', '/api/teams/mine', undefined],
      ['GET', `${base}/members`, undefined],
      ['GET', `${base}/invites`, undefined],
      ['POST', `${base}/invites`, { email: 'a@example.org', role: 'member' }],
      ['POST', `${base}/invites/x/resend`, undefined],
      ['DELETE', `${base}/invites/x`, undefined],
      ['PATCH', `${base}/members/${org.user.id}`, { role: 'admin' }],
      ['DELETE', `${base}/members/${org.user.id}`, undefined],
      ['POST', '/api/teams/invites/accept', { token }],
    ] as const) {
      const res = await kit.req(method, url, {}, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    expect(await kit.t.database.db.selectFrom('team_invites').selectAll().execute()).toEqual([]);
  });

  it('a corporate owner invites by email: the mailed link shows the invite and the invitee joins', async () => {
    await kit.start();
    const org = await kit.corporate({ name: 'Greenleaf Ltd' });
    const fern = await kit.person({ name: 'Fern' });
    const res = await kit.req('POST', `/api/teams/${org.user.id}/invites`, org.headers, {
      email: `  ${fern.user.email.toUpperCase()} `,
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: TEAM_MESSAGES.invited,
      data: { email: fern.user.email, role: 'admin', expired: false },
    });
    const mail = await kit.mailer.next(fern.user.email);
    expect(mail.subject).toContain('Greenleaf Ltd');
    const token = /\/team-invite\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    expect(mail.text).toContain('http://canopy.test/team-invite?token=');
    // Only the hash is stored.
    const stored = await kit.t.database.db.selectFrom('team_invites').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token!);
    expect(stored[0]!.expires_at).toBe(
      new Date(Date.parse('2026-03-01T10:00:00Z') + 7 * DAY).toISOString(),
    );

    const preview = await kit.req('GET', `/api/teams/invites/preview?token=${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      organisation: { id: org.user.id, name: 'Greenleaf Ltd' },
      email: fern.user.email,
      role: 'admin',
      state: 'pending',
    });

    const pending = await kit.req('GET', `/api/teams/${org.user.id}/invites`, org.headers);
    expect(pending.json()).toMatchObject({ total: 1, data: [{ email: fern.user.email }] });

    const accepted = await kit.accept(token!, fern.headers);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: TEAM_MESSAGES.accepted,
      data: { organisation: { id: org.user.id }, role: 'admin', isOrganisationAccount: false },
    });
    expect(await kit.roles(org.user.id)).toEqual({
      [org.user.id]: 'owner',
      [fern.user.id]: 'admin',
    });
    const mine = await kit.req('GET', '/api/teams/mine', fern.headers);
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        organisation: expect.objectContaining({ id: org.user.id }),
        role: 'admin',
      }),
    ]);
    // The inviter hears of it; the invite is no longer open.
    const notices = await kit.t.database.db
      .selectFrom('notifications')
      .select(['kind', 'title'])
      .where('user_id', '=', org.user.id)
      .where('kind', '=', 'team_joined')
      .execute();
    expect(notices).toEqual([{ kind: 'team_joined', title: 'Fern joined Greenleaf Ltd' }]);
    expect(
      (await kit.req('GET', `/api/teams/${org.user.id}/invites`, org.headers)).json().total,
    ).toBe(0);
    expect(
      (await kit.req('GET', `/api/teams/invites/preview?token=${token}`)).json().data.state,
    ).toBe('accepted');
  });

  it('refuses an invited link that is reused, expired, withdrawn or opened by another account', async () => {
    await kit.start();
    const org = await kit.corporate();
    const a = await kit.person();
    const b = await kit.person();
    const c = await kit.person();
    const stranger = await kit.person();

    const reused = await kit.invite(org.user.id, org.headers, a.user.email);
    expect((await kit.accept(reused.token, a.headers)).statusCode).toBe(200);
    const again = await kit.accept(reused.token, a.headers);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(TEAM_MESSAGES.inviteUsed);

    const wrong = await kit.invite(org.user.id, org.headers, b.user.email);
    const refused = await kit.accept(wrong.token, stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TEAM_MESSAGES.wrongAccount);
    // The refusal did not spend it: the right account still joins.
    expect((await kit.accept(wrong.token, b.headers)).statusCode).toBe(200);

    const revoked = await kit.invite(org.user.id, org.headers, c.user.email);
    const del = await kit.req(
      'DELETE',
      `/api/teams/${org.user.id}/invites/${revoked.invite.id}`,
      org.headers,
    );
    expect(del.json()).toEqual({ success: true, message: TEAM_MESSAGES.revoked });
    const gone = await kit.accept(revoked.token, c.headers);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(TEAM_MESSAGES.inviteRevoked);

    const expired = await kit.invite(org.user.id, org.headers, stranger.user.email);
    kit.clock.advance(7 * DAY + 1000);
    const late = await kit.accept(expired.token, await kit.signIn(stranger.user.email));
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(TEAM_MESSAGES.inviteExpired);
    expect(
      (await kit.req('GET', `/api/teams/invites/preview?token=${expired.token}`)).json().data.state,
    ).toBe('expired');

    const strangerNow = await kit.signIn(stranger.user.email);
    const unknown = await kit.accept('Z'.repeat(43), strangerNow);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TEAM_MESSAGES.inviteInvalid);
    const tooShort = await kit.accept('abc', strangerNow);
    expect(tooShort.statusCode).toBe(400);
    expect(
      (await kit.req('GET', '/api/teams/invites/preview?token=' + 'Q'.repeat(43))).statusCode,
    ).toBe(404);
  });

  it('two invites to one address at once leave one open invite (the newest link works)', async () => {
    await kit.start();
    const org = await kit.corporate();
    const body = { email: 'twice@example.org', role: 'member' };
    const answers = await Promise.all([
      kit.req('POST', `/api/teams/${org.user.id}/invites`, org.headers, body),
      kit.req('POST', `/api/teams/${org.user.id}/invites`, org.headers, body),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const open = await kit.t.database.db
      .selectFrom('team_invites')
      .select('id')
      .where('email', '=', 'twice@example.org')
      .execute();
    expect(open).toHaveLength(1);
  });

  it('resend gives a new link and a new week; the old link stops working', async () => {
    await kit.start();
    const org = await kit.corporate();
    const a = await kit.person();
    const first = await kit.invite(org.user.id, org.headers, a.user.email);
    kit.clock.advance(6 * DAY);
    const owner = await kit.signIn(org.user.email);
    const res = await kit.req(
      'POST',
      `/api/teams/${org.user.id}/invites/${first.invite.id}/resend`,
      owner,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TEAM_MESSAGES.resent);
    const second = /token=([A-Za-z0-9_-]+)/.exec((await kit.mailer.next(a.user.email)).text)![1]!;
    expect(second).not.toBe(first.token);
    kit.clock.advance(2 * DAY);
    const owner2 = await kit.signIn(org.user.email);
    const aNow = await kit.signIn(a.user.email);
    expect((await kit.accept(first.token, aNow)).statusCode).toBe(404);
    expect((await kit.accept(second, aNow)).statusCode).toBe(200);
    // Resending or revoking an accepted invite: it is no longer open.
    expect(
      (await kit.req('POST', `/api/teams/${org.user.id}/invites/${first.invite.id}/resend`, owner2))
        .statusCode,
    ).toBe(404);
    expect(
      (await kit.req('DELETE', `/api/teams/${org.user.id}/invites/${first.invite.id}`, owner2))
        .statusCode,
    ).toBe(404);
  });

  it('checks the invite input and who may invite', async () => {
    await kit.start();
    const org = await kit.corporate();
    const other = await kit.corporate({ name: 'Other Org' });
    const individual = await kit.person();
    const base = `/api/teams/${org.user.id}/invites`;
    const bad = await kit.req('POST', base, org.headers, { email: 'not-an-email', role: 'member' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TEAM_MESSAGES.emailInvalid);
    const badRole = await kit.req('POST', base, org.headers, {
      email: 'x@example.org',
      role: 'boss',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toBe(TEAM_MESSAGES.roleInvalid);
    const noEmail = await kit.req('POST', base, org.headers, { role: 'member' });
    expect(noEmail.json().message).toBe(TEAM_MESSAGES.emailRequired);

    // An individual (in no team) cannot invite to an organisation, nor to their own account.
    const outsider = await kit.req('POST', base, individual.headers, {
      email: 'x@example.org',
      role: 'member',
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(TEAM_MESSAGES.notMember);
    const ownNoTeam = await kit.req(
      'POST',
      `/api/teams/${individual.user.id}/invites`,
      individual.headers,
      {
        email: 'x@example.org',
        role: 'member',
      },
    );
    expect(ownNoTeam.statusCode).toBe(404);
    // Another organisation's owner sees nothing of this one.
    expect(
      (await kit.req('GET', `/api/teams/${org.user.id}/members`, other.headers)).statusCode,
    ).toBe(403);
    expect((await kit.req('GET', base, other.headers)).statusCode).toBe(403);
    expect((await kit.req('GET', '/api/teams/nope/members', org.headers)).statusCode).toBe(404);

    // Members cannot invite or see invites; admins cannot invite owners.
    const member = await kit.person();
    const admin = await kit.person();
    await kit.join(org.user.id, org.headers, member, 'member');
    await kit.join(org.user.id, org.headers, admin, 'admin');
    const byMember = await kit.req('POST', base, member.headers, {
      email: 'y@example.org',
      role: 'member',
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(TEAM_MESSAGES.manageOnly);
    expect((await kit.req('GET', base, member.headers)).statusCode).toBe(403);
    const open = await kit.invite(org.user.id, org.headers, 'open@example.org');
    for (const [method, url] of [
      ['POST', `${base}/${open.invite.id}/resend`],
      ['DELETE', `${base}/${open.invite.id}`],
    ] as const) {
      const res = await kit.req(method, url, member.headers);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(TEAM_MESSAGES.manageOnly);
    }
    const ownerByAdmin = await kit.req('POST', base, admin.headers, {
      email: 'y@example.org',
      role: 'owner',
    });
    expect(ownerByAdmin.statusCode).toBe(403);
    expect(ownerByAdmin.json().message).toBe(TEAM_MESSAGES.ownerOnly);
    expect(
      (await kit.req('POST', base, admin.headers, { email: 'y@example.org', role: 'member' }))
        .statusCode,
    ).toBe(201);
    // Someone already in the team is not invited again.
    const dup = await kit.req('POST', base, org.headers, {
      email: member.user.email,
      role: 'admin',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: TEAM_MESSAGES.alreadyMember, field: 'email' });
    // Another organisation's invite id is unknown here.
    const theirs = await kit.invite(other.user.id, other.headers, 'z@example.org');
    expect((await kit.req('DELETE', `${base}/${theirs.invite.id}`, org.headers)).statusCode).toBe(
      404,
    );
  });

  it('a new account registered with the invited address accepts after verifying', async () => {
    await kit.start();
    const org = await kit.corporate();
    const email = 'newcomer@example.org';
    const { token } = await kit.invite(org.user.id, org.headers, email);
    const reg = await kit.req(
      'POST',
      '/api/users/register',
      {},
      {
        username: 'newcomer',
        email,
        password: 'a long enough phrase 42',
        passwordConfirm: 'a long enough phrase 42',
        role: 'individual',
        profileType: 'individual',
        isCoperate: false,
      },
    );
    expect(reg.statusCode).toBeLessThan(300);
    const code = /\b(\d{6})\b/.exec((await kit.mailer.next(email)).text)![1];
    const verified = await kit.req(
      'POST',
      '/api/users/users-otpmatch',
      {},
      { email, otpCode: code },
    );
    expect(verified.statusCode).toBe(200);
    const session = verified.json().token as string;
    expect(session).toBeTruthy();
    const res = await kit.accept(token, { 'x-auth-token': session });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('member');
  });
});
