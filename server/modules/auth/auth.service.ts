import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { dashboardRouteFor, MESSAGES, type ProfileType } from '../../../contract/auth';
import type { Locale } from '../../../contract/languages';
import { PROFILE_MESSAGES } from '../../../contract/users';
import type { UserRow } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { MailQueue } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashSecretToken, newSecretToken, sameDigest } from '../../lib/secret-tokens';
import type { SessionTokens } from '../../lib/session-tokens';
import type { SessionUser } from '../users/current-user';
import type { UserAccounts } from '../users/user-accounts';
import { resetPasswordMail, verificationCodeMail } from './auth-emails';
import type { authRepository } from './auth.repository';
import { afterAnswerQueue } from './after-answer';
import { attemptLimits } from './attempt-limits';
import { isCommonPassword } from './common-passwords';
import { sessionLookup, type SignedInSession } from './session-lookup';
import { signIn } from './sign-in';

export { SESSION_CACHE_TTL_MS, type SessionUser, type SignedInSession } from './session-lookup';
export { SIGN_IN_LIMITS } from './sign-in';

const MINUTE = 60_000;
export const AUTH_LIMITS = {
  otpTtlMs: 10 * MINUTE,
  otpMaxAttempts: 5,
  otpSendsPerWindow: 3,
  otpSendWindowMs: 15 * MINUTE,
  resetTtlMs: 30 * MINUTE,
  /** Auth attempts are kept this long (the longest window looking back is an hour). */
  attemptsKeptMs: 24 * 60 * MINUTE,
} as const;

export const AUTH_MESSAGES = {
  registered:
    'Account created! We sent a 6-digit code to your email. Enter it to verify your account.',
  otpSent: 'If that address has an account waiting for verification, a new code is on its way.',
  verified: 'Email verified! Welcome to Canopy.',
  loggedIn: 'Signed in successfully. Welcome back!',
  resetSent: 'If an account exists for that email, a password reset link is on its way.',
  resetDone: 'Your password has been reset. Please sign in with your new password.',
  loggedOut: 'You have been signed out.',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: 'That username is taken. Please choose another.',
} as const;

export interface AuthServiceDeps {
  uow: UnitOfWork;
  repo: typeof authRepository;
  /** The users module (the only writer of `users`): accounts are found, created, verified and given new passwords through it, in auth's transactions. */
  users: UserAccounts;
  clock: Clock;
  /** Every auth mail (codes, reset links, sign-in warnings) is queued in the transaction that writes its code or token. */
  mail: MailQueue;
  tokens: SessionTokens;
  secret: string;
  appUrl: string;
  /** Scales the per-IP sign-in failure limit like every other per-IP limit (RATE_LIMIT_MULTIPLIER). */
  ipLimitMultiplier?: number;
  /** Other app servers write to this database too (PostgreSQL): no session cache, and per-account locks. */
  sharedDatabase?: boolean;
  /** Runs work after the answer has gone out; tests pass one that holds it. Default: setImmediate. */
  defer?: (work: () => Promise<void>) => void;
  /** A failure of deferred work (it can no longer reach the caller). */
  onBackgroundError: (error: unknown) => void;
  /** Runs once, in the transaction that verifies an account for the first time (the welcome notification). */
  onFirstVerified?: (user: UserRow, tx: Tx) => Promise<void>;
  /** In the transaction that stores a new password (reset or change): other modules' sign-ins end. */
  onPasswordChanged?: (userId: string, tx: Tx) => Promise<void>;
}

export function authService(deps: AuthServiceDeps) {
  const { clock, uow } = deps;
  const repo = deps.repo(uow.db);
  const inTx = (tx: Tx) => deps.repo(tx.db);
  const { users, mail } = deps;
  const nowIso = () => clock.now().toISOString();
  const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const otpHash = (userId: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${userId}:${code}`).digest('hex');
  // Verifying against this when the email is unknown makes both failures take the same time.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

  const sessions = sessionLookup({ repo, users, tokens: deps.tokens, clock });

  const deferred = afterAnswerQueue({ defer: deps.defer, onError: deps.onBackgroundError });
  const afterAnswer = deferred.later;

  const limits = attemptLimits({ repo, clock });
  const { enforceLimit } = limits;
  const signIns = signIn({
    uow,
    repo,
    repoFor: deps.repo,
    users,
    clock,
    tokens: deps.tokens,
    appUrl: deps.appUrl,
    limits,
    ipLimitMultiplier: deps.ipLimitMultiplier ?? 1,
    dummyHash: getDummyHash,
    mail,
    later: afterAnswer,
  });
  const { startSession } = signIns;

  /** Two requests for one account take turns (PostgreSQL; SQLite runs one transaction at a time). */
  async function lockAccount(tx: Tx, userId: string) {
    if (deps.sharedDatabase) await inTx(tx).lockAccount(userId);
  }

  /** A new code in `tx`: the old one is void in the same transaction, so never two are live. */
  async function issueOtp(tx: Tx, user: UserRow): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const at = nowIso();
    await lockAccount(tx, user.id);
    await inTx(tx).voidActiveOtps(user.id, at);
    await inTx(tx).insertOtp({
      user_id: user.id,
      code_hash: otpHash(user.id, code),
      created_at: at,
      expires_at: later(AUTH_LIMITS.otpTtlMs),
    });
    await mail.send(
      tx,
      verificationCodeMail(user.email, user.name ?? user.username, code, user.locale),
    );
  }

  async function enforceOtpSendLimit(email: string) {
    await enforceLimit(
      'otp_request',
      email,
      AUTH_LIMITS.otpSendsPerWindow,
      AUTH_LIMITS.otpSendWindowMs,
      'You have asked for 3 codes in 15 minutes. Please wait {minutes} minutes before asking for another.',
    );
    await repo.recordAttempt('otp_request', email, nowIso());
  }

  function assertPasswordAllowed(password: string) {
    if (isCommonPassword(password))
      throw new AppError(400, 'VALIDATION_FAILED', MESSAGES.passwordTooCommon);
  }

  /** Verifies the account in `tx`; the first time, the welcome is written in the same transaction. */
  async function markVerified(tx: Tx, user: UserRow, at: string) {
    if ((await users.markVerified(user.id, at, tx)) && deps.onFirstVerified)
      await deps.onFirstVerified(user, tx);
  }

  async function conflictIfTaken(email: string, username: string) {
    if (await users.findByEmail(email)) throw conflict(AUTH_MESSAGES.emailTaken);
    if (await users.usernameTaken(username)) throw conflict(AUTH_MESSAGES.usernameTaken);
  }

  return {
    /** The account, its send-limit record and its first code in one transaction; the code is mailed after commit. */
    async register(input: {
      username: string;
      email: string;
      password: string;
      profileType: ProfileType;
      locale?: Locale | null;
    }) {
      assertPasswordAllowed(input.password);
      await conflictIfTaken(input.email, input.username);
      const passwordHash = await hashPassword(input.password);
      const at = nowIso();
      const user: UserRow = {
        id: newId(),
        email: input.email,
        username: input.username,
        name: null,
        password_hash: passwordHash,
        locale: input.locale ?? null,
        profile_type: input.profileType,
        verified_at: null,
        avatar_file_id: null,
        bio: null,
        location: null,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      };
      try {
        await uow.withTransaction(async (tx) => {
          await users.create(user, tx);
          await inTx(tx).recordAttempt('otp_request', user.email, at);
          await issueOtp(tx, user);
        });
      } catch (error) {
        // Two sign-ups racing for the same email or username: the unique index decides.
        await conflictIfTaken(input.email, input.username);
        throw error;
      }
      return AUTH_MESSAGES.registered;
    },

    /** The limit is per address asked about (same for every address); the lookup and mail come after the answer. */
    async requestOtp(email: string) {
      await enforceOtpSendLimit(email);
      afterAnswer(async () => {
        const user = await users.findByEmail(email);
        if (user && user.verified_at === null)
          await uow.withTransaction((tx) => issueOtp(tx, user));
      });
      return AUTH_MESSAGES.otpSent;
    },

    /** A right code is used, the account verified and a session started in one transaction. */
    async verifyOtp(email: string, code: string) {
      // One answer for every refusal, so the check never tells an unknown email from a real one.
      const refused = () => new AppError(400, 'BAD_REQUEST', MESSAGES.expiredOtp);
      const user = await users.findByEmail(email);
      // Only guesses at the live code of the unverified account named by the email count against that code; unknown or verified emails count against nobody.
      const owner = user && user.verified_at === null ? user : undefined;
      const otp = owner ? await repo.findActiveOtp(owner.id, nowIso()) : undefined;
      const matches = sameDigest(otp?.code_hash ?? '00', otpHash(owner?.id ?? email, code));
      if (!owner || !otp) throw refused();
      if (!matches) {
        await uow.withTransaction((tx) =>
          inTx(tx).recordWrongOtp(otp.id, AUTH_LIMITS.otpMaxAttempts, nowIso()),
        );
        throw refused();
      }
      const token = await uow.withTransaction(async (tx) => {
        const at = nowIso();
        if (!(await inTx(tx).consumeOtp(otp.id, at))) throw refused();
        await markVerified(tx, owner, at);
        return startSession(owner, tx);
      });
      return {
        success: true as const,
        message: AUTH_MESSAGES.verified,
        token,
        dashboardRoute: dashboardRouteFor(owner.profile_type),
      };
    },

    async login(email: string, password: string, ip: string) {
      const { token, dashboardRoute } = await signIns.login(email, password, ip);
      return { result: { token, message: AUTH_MESSAGES.loggedIn, dashboardRoute } };
    },

    /** Answers at once; the lookup, token and mail happen after the answer, for every address alike. */
    async forgotPassword(email: string) {
      afterAnswer(async () => {
        const user = await users.findByEmail(email);
        if (!user) return;
        const { token, hash } = newSecretToken();
        await uow.withTransaction(async (tx) => {
          const at = nowIso();
          await lockAccount(tx, user.id);
          // At most one live link: the new one voids the others in the same transaction.
          await inTx(tx).voidResetTokens(user.id, at);
          await inTx(tx).insertResetToken({
            user_id: user.id,
            token_hash: hash,
            created_at: at,
            expires_at: later(AUTH_LIMITS.resetTtlMs),
          });
          const link = `${deps.appUrl}/reset-password?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
          await mail.send(
            tx,
            resetPasswordMail(user.email, user.name ?? user.username, link, user.locale),
          );
        });
      });
      return AUTH_MESSAGES.resetSent;
    },

    /**
     * Spends the token, sets the password, voids other links, ends every session, verifies the
     * account and forgets the owner's failed sign-ins, all in one transaction.
     */
    async resetPassword(email: string, token: string, password: string) {
      // Checked first: a refused password must not spend the single-use token.
      assertPasswordAllowed(password);
      const tokenHash = hashSecretToken(token);
      const user = await users.findByEmail(email);
      // Read first, so a wrong token costs no password hashing; spent (once) in the transaction.
      if (!user || !(await repo.hasLiveResetToken(user.id, tokenHash, nowIso())))
        throw notFound(MESSAGES.invalidResetToken);
      const passwordHash = await hashPassword(password);
      await uow.withTransaction(async (tx) => {
        const at = nowIso();
        if (!(await inTx(tx).useResetToken(user.id, tokenHash, at)))
          throw notFound(MESSAGES.invalidResetToken);
        await users.setPasswordHash(user.id, passwordHash, at, tx);
        await inTx(tx).voidResetTokens(user.id, at);
        await inTx(tx).revokeAllSessions(user.id, at);
        await deps.onPasswordChanged?.(user.id, tx);
        // The mailed link proves the address, so a reset also verifies an unverified account.
        await markVerified(tx, user, at);
        await signIns.clearFailures(user.email, tx);
      });
      return AUTH_MESSAGES.resetDone;
    },

    /**
     * Changes the password after checking the current one; in one transaction the new hash is
     * stored, every other session of the account ends and any reset link is void.
     */
    async changePassword(
      user: SessionUser,
      sessionId: string,
      input: { currentPassword: string; password: string },
    ) {
      // Read afresh: the signed-in user may come from the session cache.
      const current = await users.findById(user.id);
      if (!current || !(await verifyPassword(current.password_hash, input.currentPassword)))
        throw badRequest(PROFILE_MESSAGES.currentPasswordWrong);
      if (input.password === input.currentPassword) throw badRequest(PROFILE_MESSAGES.samePassword);
      assertPasswordAllowed(input.password);
      const passwordHash = await hashPassword(input.password);
      await uow.withTransaction(async (tx) => {
        const at = nowIso();
        await users.setPasswordHash(user.id, passwordHash, at, tx);
        await inTx(tx).revokeOtherSessions(user.id, sessionId, at);
        await inTx(tx).voidResetTokens(user.id, at);
        await deps.onPasswordChanged?.(user.id, tx);
      });
      return PROFILE_MESSAGES.passwordChanged;
    },

    endAllSessions: (userId: string) => repo.revokeAllSessions(userId, nowIso()),

    /** Account deletion hook: sessions end, codes and reset tokens are forgotten, in `tx`. */
    async onAccountDeleted(userId: string, tx: Tx): Promise<void> {
      await deps.repo(tx.db).forgetAccount(userId, nowIso());
    },

    /** The daily prune: ended or expired sessions, used or expired codes and reset tokens, old attempts. */
    async prune(now: Date): Promise<number> {
      const at = now.toISOString();
      const results = [
        await repo.pruneSessions(at),
        await repo.pruneOtps(at),
        await repo.pruneResetTokens(at),
      ];
      // Sign-in throttling looks back an hour at most; a day of attempts is plenty to keep.
      const [attempts] = await repo.pruneAttempts(
        new Date(now.getTime() - AUTH_LIMITS.attemptsKeptMs).toISOString(),
      );
      return [...results, attempts].reduce((sum, r) => sum + Number(r?.numDeletedRows ?? 0), 0);
    },

    /** Resolves once the work queued after answers (lookups, codes, mail) has finished. */
    settled: deferred.settled,

    async logout(sessionId: string) {
      await repo.revokeSession(sessionId, nowIso());
      return AUTH_MESSAGES.loggedOut;
    },

    /**
     * The signed-in user behind a token, or null when the token or its session is not valid now.
     * Remembered for SESSION_CACHE_TTL_MS (see there); the user row is frozen and shared.
     */
    userForToken: (token: string): Promise<SignedInSession | null> => sessions.userForToken(token),
  };
}
export type AuthService = ReturnType<typeof authService>;
