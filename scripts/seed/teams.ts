import { TEAM_PATHS } from '../../contract/teams';
import type { Seeder } from './context';
import type { Person } from './people';
import { DAY_MS } from './random';

/** [organisation, member, role, days ago invited] */
const TEAMS: ReadonlyArray<readonly [string, string, 'admin' | 'member', number]> = [
  ['greenleaf', 'priya', 'admin', 900],
  ['greenleaf', 'rahul', 'member', 600],
  ['terra', 'wanjiru', 'admin', 700],
  ['mataverde', 'mariana', 'member', 400],
];

/**
 * Corporate teams as people build them: the organisation invites a member through
 * `teams.invite`, the member follows the link from the invite mail and `teams.acceptInvite`s it
 * a day later; one invite to a colleague without an account yet stays open.
 */
export async function formTeams(seeder: Seeder, people: Map<string, Person>): Promise<number> {
  const { ctx, now } = seeder;
  let members = 0;
  for (const [orgName, memberName, role, daysAgo] of TEAMS) {
    const org = people.get(orgName)!;
    const member = people.get(memberName)!;
    const invitedAt = Math.max(org.joinedAt, member.joinedAt) + DAY_MS;
    const at = Math.max(invitedAt, now - daysAgo * DAY_MS);
    await seeder.at(at, () => ctx.teams.invite(org, org.id, { email: member.email, role }));
    const token = inviteToken(seeder, member.email);
    await seeder.at(at + DAY_MS, () => ctx.teams.acceptInvite(member, token));
    members++;
  }
  const greenleaf = people.get('greenleaf')!;
  await seeder.at(now - 2 * DAY_MS, () =>
    ctx.teams.invite(greenleaf, greenleaf.id, {
      email: 'csr.team@greenleaf.example',
      role: 'member',
    }),
  );
  return members;
}

/** The token in the newest invite mail to `email` (the link is `TEAM_PATHS.invite(token)`). */
function inviteToken(seeder: Seeder, email: string): string {
  const prefix = TEAM_PATHS.invite('');
  const mail = seeder.mails.filter((m) => m.to === email).pop();
  const start = mail?.text.indexOf(prefix) ?? -1;
  if (!mail || start < 0) throw new Error(`seed:demo: no team invite mail reached ${email}`);
  return decodeURIComponent(mail.text.slice(start + prefix.length).match(/^[\w-]+/)![0]);
}
