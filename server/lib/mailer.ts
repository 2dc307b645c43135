import nodemailer from 'nodemailer';
import type { Log } from './log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each mail is printed to the log so a local user can finish sign-up. */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string },
  log: Log,
): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        log.warn(
          { to: mail.to, subject: mail.subject },
          `mail (SMTP_URL not set, printed instead):\n${mail.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A plain, friendly email in both text and HTML, with the product name. */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  highlight?: { label: string; value: string; href?: string },
): Mail {
  const textParts = [...paragraphs];
  if (highlight) textParts.splice(1, 0, `${highlight.label}: ${highlight.value}`);
  const text = `${textParts.join('\n\n')}\n\n— The Canopy team\nPlant, nurture and track trees together.\n`;
  const highlightHtml = highlight
    ? highlight.href
      ? `<p style="margin:24px 0"><a href="${escapeHtml(highlight.href)}" style="background:#166534;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(highlight.label)}</a></p><p style="font-size:13px;color:#444">Or paste this address into your browser:<br>${escapeHtml(highlight.value)}</p>`
      : `<p style="margin:24px 0;font-size:28px;letter-spacing:6px;font-weight:700;color:#166534">${escapeHtml(highlight.value)}</p>`
    : '';
  const [first, ...rest] = paragraphs;
  const html = `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<h1 style="color:#166534;font-size:22px">🌳 Canopy</h1>
<p>${escapeHtml(first ?? '')}</p>${highlightHtml}${rest.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}
<p style="margin-top:32px;color:#444">— The Canopy team<br><small>Plant, nurture and track trees together.</small></p>
</body></html>`;
  return { to, subject, text, html };
}
