import { translator } from '../../lib/i18n';
import { composeMail, mailLayout, type Mail } from '../../lib/mailer';

/** The sign-up code, in the member's saved language (issue 26: the first mail converted). */
export function verificationCodeMail(
  to: string,
  username: string,
  code: string,
  locale: string | null = null,
): Mail {
  const t = translator(locale, 'mail');
  return composeMail(
    to,
    t('verification.subject', { code }),
    [t('verification.welcome', { name: username }), t('verification.expiry')],
    { label: t('verification.codeLabel'), value: code },
    mailLayout(t),
  );
}

export function resetPasswordMail(to: string, username: string, link: string): Mail {
  return composeMail(
    to,
    'Reset your Canopy password',
    [
      `Hi ${username}, someone (hopefully you) asked to reset the password of your Canopy account.`,
      'The link works once and expires in 30 minutes. If you did not ask for it, ignore this email: your password stays as it is.',
    ],
    { label: 'Reset my password', value: link, href: link },
  );
}

export function signInFailuresMail(
  to: string,
  username: string,
  failures: number,
  resetLink: string,
): Mail {
  return composeMail(
    to,
    'Failed sign-ins to your Canopy account',
    [
      `Hi ${username}, someone tried to sign in to your Canopy account with a wrong password ${failures} times in the last hour.`,
      'If it was you, there is nothing to do. If not, your password kept them out; you can still sign in as usual from your own devices. To be safe, choose a new password that you use nowhere else.',
    ],
    { label: 'Choose a new password', value: resetLink, href: resetLink },
  );
}
