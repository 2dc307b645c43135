import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { translator, type Translator } from './i18n';
import type { Log } from './log';
import { escapeHtml } from './html';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (the queue carries references and makes them at sending: MailOptions). */
  attachments?: MailAttachment[];
}

/** A file sent with a mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** How long one SMTP conversation may take; the mail job retries a timed-out send later. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends at once; only the mail job calls it (services queue mail with `mail.send(tx, …)`).
 * SMTP when SMTP_URL is set. Without it, outside production, mail is kept for /dev/mail and the
 * log says so in one line per mail; in production (MAIL_LOG_ONLY=true, config.ts refuses to start
 * otherwise) the mail is printed to the log instead of sent.
 */
export function createMailer(
  options: {
    smtpUrl: string | undefined;
    from: string;
    /** Where /dev/mail is, for the log line (APP_URL). */
    appUrl?: string;
    /** Outside production without SMTP (config.devMail): mail is kept at /dev/mail. */
    devMail?: boolean;
  },
  log: Log,
): Mailer {
  if (!options.smtpUrl) {
    if (options.devMail === false)
      return {
        async send(mail) {
          log.warn(
            {},
            `mail to ${mail.to}: "${mail.subject}" (MAIL_LOG_ONLY, not sent):\n${mail.text}`,
          );
        },
      };
    const inbox = `${options.appUrl ?? 'http://localhost:5000'}/dev/mail`;
    return {
      async send(mail) {
        log.info({}, devMailLine(mail, inbox));
      },
    };
  }
  const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}

/** The log's line for a mail kept at /dev/mail. */
export const devMailLine = (mail: Pick<Mail, 'to' | 'subject'>, inbox: string) =>
  `mail to ${mail.to}: "${mail.subject}" — open ${inbox}`;

/** The words every mail ends with, in the recipient's language (server/lib/i18n.ts, issue 26). */
export interface MailLayout {
  lang: string;
  signature: string;
  tagline: string;
  pasteLink: string;
}

/** The layout's words in the language of `t` (locales/<lang>/mail.json). */
export const mailLayout = (t: Translator<'mail'>): MailLayout => ({
  lang: t.locale,
  signature: t('layout.signature'),
  tagline: t('layout.tagline'),
  pasteLink: t('layout.pasteLink'),
});

/** A plain, friendly email in both text and HTML, with the product name. */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  highlight?: { label: string; value: string; href?: string },
  layout: MailLayout = mailLayout(translator(null, 'mail')),
): Mail {
  const textParts = [...paragraphs];
  if (highlight) textParts.splice(1, 0, `${highlight.label}: ${highlight.value}`);
  const text = `${textParts.join('\n\n')}\n\n${layout.signature}\n${layout.tagline}\n`;
  const highlightHtml = highlight
    ? highlight.href
      ? `<p style="margin:24px 0"><a href="${escapeHtml(highlight.href)}" style="background:#166534;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(highlight.label)}</a></p><p style="font-size:13px;color:#444">${escapeHtml(layout.pasteLink)}<br>${escapeHtml(highlight.value)}</p>`
      : `<p style="margin:24px 0;font-size:28px;letter-spacing:6px;font-weight:700;color:#166534">${escapeHtml(highlight.value)}</p>`
    : '';
  const [first, ...rest] = paragraphs;
  const html = `<!doctype html><html><body lang="${escapeHtml(layout.lang)}" style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h1 style="color:#166534;font-size:22px">🌳 Canopy</h1>
<p>${escapeHtml(first ?? '')}</p>${highlightHtml}${rest.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}
<p style="margin-top:32px;color:#444">${escapeHtml(layout.signature)}<br><small>${escapeHtml(layout.tagline)}</small></p>
</body></html>`;
  return { to, subject, text, html };
}

/** The mailer the configuration asks for (SMTP, /dev/mail's log line, or MAIL_LOG_ONLY). */
export const mailerFromConfig = (
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'appUrl' | 'devMail'>,
  log: Log,
): Mailer =>
  createMailer(
    {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      appUrl: config.appUrl,
      devMail: config.devMail,
    },
    log,
  );
