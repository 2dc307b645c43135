import { TEAM_INVITE_TTL_DAYS, TEAM_ROLE_LABELS, type TeamRole } from '../../../contract/teams';
import { composeMail, type Mail } from '../../lib/mailer';

export function teamInviteMail(
  to: string,
  organisation: string,
  inviter: string,
  role: TeamRole,
  link: string,
): Mail {
  return composeMail(
    to,
    `${inviter} invited you to join ${organisation} on Canopy`,
    [
      `${inviter} invited you to join the ${organisation} team on Canopy as ${TEAM_ROLE_LABELS[role].toLowerCase()}.`,
      `Open the link to accept. Sign in with this email address (${to}), or create a Canopy account with it. The link works once and expires in ${TEAM_INVITE_TTL_DAYS} days. If you do not know ${organisation}, you can ignore this email.`,
    ],
    { label: 'Accept the invite', value: link, href: link },
  );
}
