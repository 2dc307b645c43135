import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import type { AuthRepository } from './auth.repository';

/** Sign-in and code-request throttling over the recorded attempts (shared by every app server). */
export function attemptLimits(deps: { repo: AuthRepository; clock: Clock }) {
  const { repo, clock } = deps;

  function tooMany(message: string, retryAfterMs: number): AppError {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return new AppError(
      429,
      'RATE_LIMITED',
      message.replace('{minutes}', String(Math.ceil(seconds / 60))),
      { headers: { 'retry-after': String(seconds) } },
    );
  }

  /** Throws 429 when `subject` already has `limit` attempts of `kind` within the window. */
  async function enforceLimit(
    kind: Parameters<AuthRepository['recordAttempt']>[0],
    subject: string,
    limit: number,
    windowMs: number,
    message: string,
  ) {
    const since = new Date(clock.now().getTime() - windowMs).toISOString();
    const { count, oldest } = await repo.attemptsSince(kind, subject, since);
    if (count >= limit) {
      const retryAfter =
        (oldest ? Date.parse(oldest) : clock.now().getTime()) + windowMs - clock.now().getTime();
      throw tooMany(message, retryAfter);
    }
  }

  return { enforceLimit };
}
