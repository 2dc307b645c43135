/**
 * `value` when it is a path inside the signed-in app (`/app`, `/app/...`, `/app?...`), else null.
 * Guards the `from` parameter and server-sent routes against open redirects (`//evil.example`,
 * `https://…`, `/\evil.example`).
 */
export function safeAppPath(value: string | null | undefined): string | null {
  if (!value) return null;
  // In-app pages, and a gift's claim page (issue 19 §5: sign in or up, then claim).
  if (!/^\/app(?:[/?#]|$)/.test(value) && !/^\/claim\/[A-Za-z0-9_-]+(?:\?claim=1)?$/.test(value))
    return null;
  if (value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}

/** `&from=<path>` to carry a safe in-app destination (e.g. a team invite) through sign-up; '' without one. */
export const fromParam = (from: string | null): string =>
  from ? `&from=${encodeURIComponent(from)}` : '';
