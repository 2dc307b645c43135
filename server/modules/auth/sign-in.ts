import { dashboardRouteFor, MESSAGES, SESSION_HOURS } from '../../../contract/auth';
import type { UserRow } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { AppError, unauthenticated } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { verifyPassword } from '../../lib/passwords';
import type { SessionTokens } from '../../lib/session-tokens';
import type { UserAccounts } from '../users/user-accounts';
import { signInFailuresMail } from './auth-emails';
import type { AuthRepository, authRepository } from './auth.repository';
import type { attemptLimits } from './attempt-limits';

const MINUTE = 60_000;
export const SIGN_IN_LIMITS = {
  windowMs: 15 * MINUTE,
  /** Wrong passwords for one account from one address; only that pair is slowed down. */
  failuresPerAccountAndAddress: 5,
  /** Wrong passwords from one address across all accounts (scaled by RATE_LIMIT_MULTIPLIER). */
  failuresPerAddress: 100,
  /** Successful sign-ins per account (each one makes a session). */
  successesPerAccount: 20,
  /** At most this many live sessions per member; a new one ends the oldest. */
  sessionsPerMember: 50,
  /** The owner is told by email once an account sees this many failures within the hour… */
  warnAfterFailures: 10,
  /** …at most once per clock hour (UTC): the warning mail is keyed by account and hour. */
  warningWindowMs: 60 * MINUTE,
} as const;

const TOO_MANY_FAILURES =
  'Too many failed sign-in attempts. Please wait {minutes} minutes and try again.';
const TOO_MANY_SIGN_INS =
  'You have signed in too many times in a short while. Please wait {minutes} minutes and try again.';

/** What sign-in needs from the auth service around it. */
export interface SignInDeps {
  uow: UnitOfWork;
  repo: AuthRepository;
  /** The repository factory, for transactions. */
  repoFor: typeof authRepository;
  /** The users module: accounts are read there (auth never names the `users` table). */
  users: Pick<UserAccounts, 'findByEmail'>;
  clock: Clock;
  tokens: SessionTokens;
  appUrl: string;
  limits: ReturnType<typeof attemptLimits>;
  ipLimitMultiplier: number;
  dummyHash: () => Promise<string>;
  mail: MailQueue;
  /** Runs work after the answer has gone out (tracked, so shutdown waits for it). */
  later: (work: () => Promise<void>) => void;
}

/**
 * Sign-in. Failed passwords are limited per account *and* address, so failures from elsewhere never
 * refuse the owner's right password from an address that has not failed; an address is also capped
 * across accounts (generously: many people may share one). There is no lockout of the account itself;
 * instead its owner is emailed when it sees many failures. Successful sign-ins are limited per
 * account, and each member keeps at most 50 live sessions (a new one ends the oldest).
 */
export function signIn(deps: SignInDeps) {
  const { repo, clock, limits } = deps;
  const nowIso = () => clock.now().toISOString();
  const pairKey = (email: string, ip: string) => `${email}|${ip}`;

  /** A new session (the oldest beyond the limit end with it), in `tx` or a transaction of its own. */
  async function startSession(user: UserRow, outer?: Tx): Promise<string> {
    const issuedAt = clock.now();
    const expiresAt = new Date(issuedAt.getTime() + SESSION_HOURS * 3_600_000);
    const sessionId = newId();
    await deps.uow.withTransaction(async (tx) => {
      const r = deps.repoFor(tx.db);
      await r.insertSession({
        id: sessionId,
        user_id: user.id,
        created_at: issuedAt.toISOString(),
        expires_at: expiresAt.toISOString(),
      });
      await r.endSessionsBeyond(user.id, SIGN_IN_LIMITS.sessionsPerMember, issuedAt.toISOString());
    }, outer);
    return deps.tokens.sign(
      { userId: user.id, profileType: user.profile_type, sessionId },
      issuedAt,
      expiresAt,
    );
  }

  /**
   * Emails the owner when the account has seen many failures in the last hour: a mail keyed
   * `signin-warning:<user>:<hour>` (UTC hours since 1970), so at most one per account and clock
   * hour, whichever app server queues it (a keyed mail is queued once ever).
   */
  async function warnOwnerIfMany(user: UserRow): Promise<void> {
    const now = clock.now().getTime();
    const since = new Date(now - SIGN_IN_LIMITS.warningWindowMs).toISOString();
    const { count } = await repo.attemptsSince('login_failure_account', user.email, since);
    if (count < SIGN_IN_LIMITS.warnAfterFailures) return;
    const hour = Math.floor(now / SIGN_IN_LIMITS.warningWindowMs);
    const link = `${deps.appUrl}/forgot-password`;
    const mail = signInFailuresMail(
      user.email,
      user.name ?? user.username,
      count,
      link,
      user.locale,
    );
    await deps.uow.withTransaction((tx) =>
      deps.mail.send(tx, mail, { key: `signin-warning:${user.id}:${hour}` }),
    );
  }

  return {
    startSession,

    async login(email: string, password: string, ip: string) {
      const { windowMs } = SIGN_IN_LIMITS;
      const perAddress = Math.ceil(SIGN_IN_LIMITS.failuresPerAddress * deps.ipLimitMultiplier);
      await limits.enforceLimit('login_failure_ip', ip, perAddress, windowMs, TOO_MANY_FAILURES);
      const pair = pairKey(email, ip);
      await limits.enforceLimit(
        'login_failure_pair',
        pair,
        SIGN_IN_LIMITS.failuresPerAccountAndAddress,
        windowMs,
        TOO_MANY_FAILURES,
      );
      const user = await deps.users.findByEmail(email);
      const ok = await verifyPassword(user?.password_hash ?? (await deps.dummyHash()), password);
      if (!user || !ok) {
        const at = nowIso();
        // The same writes for known and unknown addresses; the owner's warning waits for the answer.
        await repo.recordAttempt('login_failure_ip', ip, at);
        await repo.recordAttempt('login_failure_pair', pair, at);
        await repo.recordAttempt('login_failure_account', email, at);
        if (user) deps.later(() => warnOwnerIfMany(user));
        throw unauthenticated(MESSAGES.invalidCredentials);
      }
      await repo.clearAttempts('login_failure_pair', pair);
      if (user.verified_at === null) throw new AppError(403, 'UNVERIFIED', MESSAGES.notVerified);
      await limits.enforceLimit(
        'login_success',
        user.id,
        SIGN_IN_LIMITS.successesPerAccount,
        windowMs,
        TOO_MANY_SIGN_INS,
      );
      await repo.recordAttempt('login_success', user.id, nowIso());
      return {
        token: await startSession(user),
        dashboardRoute: dashboardRouteFor(user.profile_type),
      };
    },

    /** After a password reset the owner's own failed attempts no longer slow them down. */
    clearFailures: async (email: string, tx?: Tx): Promise<void> => {
      await (tx ? deps.repoFor(tx.db) : repo).clearPairAttempts(email);
    },
  };
}
