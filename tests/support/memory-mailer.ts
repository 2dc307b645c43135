import type { Mail, Mailer } from '../../server/lib/mailer';

/** Captures mail in memory; `next(to)` waits for the next one to that address (mail is sent in the background). */
export function memoryMailer(): Mailer & {
  sent: Mail[];
  next(to: string, timeoutMs?: number): Promise<Mail>;
} {
  const sent: Mail[] = [];
  const waiting: Array<{ to: string; resolve: (mail: Mail) => void }> = [];
  const taken = new Set<Mail>();
  return {
    sent,
    async send(mail) {
      sent.push(mail);
      const index = waiting.findIndex((w) => w.to === mail.to);
      if (index >= 0) {
        taken.add(mail);
        waiting.splice(index, 1)[0]!.resolve(mail);
      }
    },
    next(to, timeoutMs = 3000) {
      const ready = sent.find((m) => m.to === to && !taken.has(m));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({ to, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
      });
    },
  };
}

export const codeFrom = (mail: Mail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
export const resetLinkFrom = (mail: Mail) =>
  /(https?:\/\/\S+\/reset-password\?\S+)/.exec(mail.text)?.[1] ?? '';
