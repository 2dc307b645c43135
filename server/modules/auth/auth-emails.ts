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

export function resetPasswordMail(
  to: string,
  username: string,
  link: string,
  locale: string | null = null,
): Mail {
  const t = translator(locale, 'mail');
  return composeMail(
    to,
    t('reset.subject'),
    [t('reset.intro', { name: username }), t('reset.expiry')],
    { label: t('reset.button'), value: link, href: link },
    mailLayout(t),
  );
}

export function signInFailuresMail(
  to: string,
  username: string,
  failures: number,
  resetLink: string,
  locale: string | null = null,
): Mail {
  const t = translator(locale, 'mail');
  return composeMail(
    to,
    t('signInFailures.subject'),
    [t('signInFailures.intro', { name: username, failures }), t('signInFailures.advice')],
    { label: t('signInFailures.button'), value: resetLink, href: resetLink },
    mailLayout(t),
  );
}
