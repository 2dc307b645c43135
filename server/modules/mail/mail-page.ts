import type { MailRow } from './mail.repository';
import { escapeHtml } from '../../lib/html';

/** Escaped text with its http(s) addresses as links that open in a new tab. */
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) =>
      i % 2 === 1
        ? `<a href="${escapeHtml(part)}" target="_blank" rel="noopener">${escapeHtml(part)}</a>`
        : escapeHtml(part),
    )
    .join('');
}

/**
 * The page's own policy: no scripts at all; the mails' HTML is shown in sandboxed iframes (no
 * scripts, no same origin), where links open in a new tab.
 */
export const DEV_MAIL_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https: http:; frame-ancestors 'none'; form-action 'none'";

const STATUS: Record<MailRow['status'], string> = {
  queued: 'queued',
  sent: 'delivered here',
  failed: 'failed',
};

function mailArticle(mail: MailRow): string {
  const html = mail.html_body
    ? `<iframe title="HTML body of ${escapeHtml(mail.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
        `<base target="_blank">${mail.html_body}`,
      )}"></iframe>`
    : '<p class="meta">(no HTML body)</p>';
  return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(mail.to_address)}</strong> · ${escapeHtml(mail.created_at)} · ${STATUS[mail.status]}${
    mail.last_error ? ` · last error: ${escapeHtml(mail.last_error)}` : ''
  }</p>
<details open><summary>Text</summary><pre>${linkify(mail.text_body ?? '')}</pre></details>
<details open><summary>HTML</summary>${html}</details>
</article>`;
}

/** /dev/mail: every kept mail, newest first. */
export function devMailPage(mails: MailRow[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canopy mail (${mails.length})</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2937;max-width:920px;margin:auto;padding:24px}
h1{color:#166534}article{border:1px solid #d1d5db;border-radius:8px;padding:16px;margin:16px 0}
h2{font-size:18px;margin:0 0 4px}.meta{color:#4b5563;font-size:14px;margin:0 0 8px}
pre{white-space:pre-wrap;background:#f9fafb;padding:12px;border-radius:6px}
iframe{width:100%;height:420px;border:1px solid #e5e7eb;border-radius:6px;background:#fff}
</style></head>
<body><h1>Canopy mail</h1>
<p>Every mail the app sent, kept here because SMTP_URL is not set (never in production). Newest first; reload for new mail.</p>
${mails.length === 0 ? '<p>No mail yet.</p>' : mails.map(mailArticle).join('\n')}
</body></html>`;
}
