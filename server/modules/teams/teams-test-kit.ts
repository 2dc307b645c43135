/** Test helpers shared by the team suites (imported only by *.test.ts files). */
import { afterEach } from 'vitest';
import { memoryMailer } from '../../../tests/support/memory-mailer';
import { signedInUser, TEST_PASSWORD } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import type { DatabaseTarget } from '../../../tests/support/test-database';
import type { NewUser } from '../../db/tables';

export const START = '2026-03-01T10:00:00.000Z';

export const inviteTokenFrom = (text: string) =>
  /\/team-invite\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

/** An app with a memory mailer and a movable clock; `person()` signs in a new verified member. */
export function teamSuite(target: DatabaseTarget) {
  let t: TestApp | undefined;
  let mailer = memoryMailer();
  const clock = movableClock(START);
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const kit = {
    clock,
    get t() {
      return t!;
    },
    get mailer() {
      return mailer;
    },
    async start() {
      mailer = memoryMailer();
      clock.set(START);
      t = await buildTestApp(target, { mailer, clock, config: { appUrl: 'http://canopy.test' } });
      return t;
    },
    async person(overrides: Partial<NewUser> = {}) {
      return signedInUser(t!.app, t!.database.db, overrides);
    },
    /** A fresh session for an existing member (after the clock moved past the old one). */
    async signIn(email: string) {
      const res = await t!.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: TEST_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
      return { 'x-auth-token': (res.json() as { result: { token: string } }).result.token };
    },
    corporate(overrides: Partial<NewUser> = {}) {
      return kit.person({ profile_type: 'corporate', name: 'Greenleaf Ltd', ...overrides });
    },
    req(
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      headers: Record<string, string> = {},
      payload?: unknown,
    ) {
      return t!.app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    },
    /** Invites `email` (201 expected) and returns the mailed token. */
    async invite(
      orgId: string,
      headers: Record<string, string>,
      email: string,
      role: 'owner' | 'admin' | 'member' = 'member',
    ) {
      const res = await kit.req('POST', `/api/teams/${orgId}/invites`, headers, { email, role });
      if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
      const mail = await mailer.next(email);
      return { invite: res.json().data as { id: string }, token: inviteTokenFrom(mail.text), mail };
    },
    accept(token: string, headers: Record<string, string>) {
      return kit.req('POST', '/api/teams/invites/accept', headers, { token });
    },
    /** Invites and accepts: `member` joins `orgId` with `role`. */
    async join(
      orgId: string,
      ownerHeaders: Record<string, string>,
      member: { user: { email: string }; headers: Record<string, string> },
      role: 'owner' | 'admin' | 'member' = 'member',
    ) {
      const { token } = await kit.invite(orgId, ownerHeaders, member.user.email, role);
      const res = await kit.accept(token, member.headers);
      if (res.statusCode !== 200) throw new Error(`accept failed: ${res.statusCode} ${res.body}`);
    },
    async roles(orgId: string) {
      const rows = await t!.database.db
        .selectFrom('team_members')
        .select(['user_id', 'role'])
        .where('organisation_id', '=', orgId)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.user_id, r.role]));
    },
  };
  return kit;
}
