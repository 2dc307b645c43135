import { TEAM_INVITE_TTL_DAYS, type TeamRole } from '../../../contract/teams';
import { translator } from '../../lib/i18n';
import { composeMail, mailLayout, type Mail } from '../../lib/mailer';

/** The invite, in the inviter's saved language (the invitee may have no account yet). */
export function teamInviteMail(
  to: string,
  organisation: string,
  inviter: string,
  role: TeamRole,
  link: string,
  locale: string | null = null,
): Mail {
  const t = translator(locale, 'mail');
  return composeMail(
    to,
    t('teamInvite.subject', { inviter, organisation }),
    [
      t('teamInvite.intro', { inviter, organisation, role }),
      t('teamInvite.howTo', { email: to, days: TEAM_INVITE_TTL_DAYS, organisation }),
    ],
    { label: t('teamInvite.button'), value: link, href: link },
    mailLayout(t),
  );
}
