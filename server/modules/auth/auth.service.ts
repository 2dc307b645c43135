import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  dashboardRouteFor,
  MESSAGES,
  type CurrentUser,
  type ProfileType,
} from '../../../contract/auth';
import { fileUrl } from '../../../contract/files';
import { PROFILE_MESSAGES } from '../../../contract/users';
import type { UserRow } from '../../db/tables';
import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Mail, Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { SessionTokens } from '../../lib/session-tokens';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { resetPasswordMail, verificationCodeMail } from './auth-emails';
import type { authRepository } from './auth.repository';
import { afterAnswerQueue } from './after-answer';
import { attemptLimits } from './attempt-limits';
import { isCommonPassword } from './common-passwords';
import { sessionLookup, type SessionUser, type SignedInSession } from './session-lookup';
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
  clock: Clock;
  mailer: Mailer;
  tokens: SessionTokens;
  secret: string;
  appUrl: string;
  /** Mail goes out in the background so answers take the same time whether or not an account exists. */
  onMailError: (error: unknown) => void;
  /** Scales the per-IP sign-in failure limit like every other per-IP limit (RATE_LIMIT_MULTIPLIER). */
  ipLimitMultiplier?: number;
  /** Shared counters (the once-per-hour warning mail). */
  rateLimits: RateLimitsService;
  /** Other app servers write to this database too: sessions are looked up afresh every time. */
  sharedDatabase?: boolean;
  /** Runs work after the answer has gone out; tests pass one that holds it. Default: setImmediate. */
  defer?: (work: () => Promise<void>) => void;
  /** A failure of deferred work (it can no longer reach the caller). */
  onBackgroundError: (error: unknown) => void;
  /** Runs once, when an account is verified for the first time (the welcome notification). */
  onFirstVerified?: (user: UserRow) => Promise<void>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    _id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    profileType: user.profile_type,
    file: user.avatar_file_id ? fileUrl(user.avatar_file_id) : '',
    verified: user.verified_at !== null,
  };
}

export function authService(deps: AuthServiceDeps) {
  const { clock } = deps;
  const repo = deps.repo(deps.uow.db);
  const nowIso = () => clock.now().toISOString();
  const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const otpHash = (userId: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${userId}:${code}`).digest('hex');
  // Verifying against this when the email is unknown makes both failures take the same time.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

  const sessions = sessionLookup({
    repo,
    tokens: deps.tokens,
    clock,
    remember: !deps.sharedDatabase,
  });

  const sendInBackground = (mail: Mail) => {
    deps.mailer.send(mail).catch(deps.onMailError);
  };

  const deferred = afterAnswerQueue({ defer: deps.defer, onError: deps.onBackgroundError });
  const afterAnswer = deferred.later;

  const limits = attemptLimits({ repo, clock });
  const { enforceLimit } = limits;
  const signIns = signIn({
    repo,
    clock,
    tokens: deps.tokens,
    appUrl: deps.appUrl,
    limits,
    rateLimits: deps.rateLimits,
    ipLimitMultiplier: deps.ipLimitMultiplier ?? 1,
    dummyHash: getDummyHash,
    sendMail: sendInBackground,
    later: afterAnswer,
  });
  const { startSession } = signIns;

  async function issueOtp(user: UserRow): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const at = nowIso();
    await repo.voidActiveOtps(user.id, at);
    await repo.insertOtp({
      user_id: user.id,
      code_hash: otpHash(user.id, code),
      created_at: at,
      expires_at: later(AUTH_LIMITS.otpTtlMs),
    });
    sendInBackground(verificationCodeMail(user.email, user.name ?? user.username, code));
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

  async function markVerified(user: UserRow, at: string) {
    if ((await repo.markVerified(user.id, at)) && deps.onFirstVerified)
      await deps.onFirstVerified(user);
  }

  return {
    async register(input: {
      username: string;
      email: string;
      password: string;
      profileType: ProfileType;
    }) {
      assertPasswordAllowed(input.password);
      if (await repo.findUserByEmail(input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
      if (await repo.findUserByUsername(input.username))
        throw conflict(AUTH_MESSAGES.usernameTaken);
      const at = nowIso();
      const user: UserRow = {
        id: newId(),
        email: input.email,
        username: input.username,
        name: null,
        password_hash: await hashPassword(input.password),
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
        await repo.insertUser(user);
      } catch (error) {
        // Two sign-ups racing for the same email or username: the unique index decides.
        if (await repo.findUserByEmail(input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
        if (await repo.findUserByUsername(input.username))
          throw conflict(AUTH_MESSAGES.usernameTaken);
        throw error;
      }
      await repo.recordAttempt('otp_request', user.email, at);
      await issueOtp(user);
      return AUTH_MESSAGES.registered;
    },

    /** The limit is per address asked about (same for every address); the lookup and mail come after the answer. */
    async requestOtp(email: string) {
      await enforceOtpSendLimit(email);
      afterAnswer(async () => {
        const user = await repo.findUserByEmail(email);
        if (user && user.verified_at === null) await issueOtp(user);
      });
      return AUTH_MESSAGES.otpSent;
    },

    async verifyOtp(email: string, code: string) {
      // One answer for every refusal, so the check never tells an unknown email from a real one.
      const refused = () => new AppError(400, 'BAD_REQUEST', MESSAGES.expiredOtp);
      const user = await repo.findUserByEmail(email);
      // Only guesses at the live code of the unverified account named by the email count against that code; unknown or verified emails count against nobody.
      const owner = user && user.verified_at === null ? user : undefined;
      const otp = owner ? await repo.findActiveOtp(owner.id, nowIso()) : undefined;
      const matches = sameHash(otp?.code_hash ?? '00', otpHash(owner?.id ?? email, code));
      if (!owner || !otp) throw refused();
      if (!matches) {
        await repo.recordWrongOtp(otp.id, AUTH_LIMITS.otpMaxAttempts, nowIso());
        throw refused();
      }
      if (!(await repo.consumeOtp(otp.id, nowIso()))) throw refused();
      await markVerified(owner, nowIso());
      return {
        success: true as const,
        message: AUTH_MESSAGES.verified,
        token: await startSession(owner),
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
        const user = await repo.findUserByEmail(email);
        if (!user) return;
        const token = randomBytes(32).toString('base64url');
        const at = nowIso();
        await repo.voidResetTokens(user.id, at);
        await repo.insertResetToken({
          user_id: user.id,
          token_hash: sha256(token),
          created_at: at,
          expires_at: later(AUTH_LIMITS.resetTtlMs),
        });
        const link = `${deps.appUrl}/reset-password?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
        sendInBackground(resetPasswordMail(user.email, user.name ?? user.username, link));
      });
      return AUTH_MESSAGES.resetSent;
    },

    async resetPassword(email: string, token: string, password: string) {
      // Checked first: a refused password must not spend the single-use token.
      assertPasswordAllowed(password);
      const user = await repo.findUserByEmail(email);
      if (!user || !(await repo.useResetToken(user.id, sha256(token), nowIso())))
        throw notFound(MESSAGES.invalidResetToken);
      const at = nowIso();
      await repo.setPasswordHash(user.id, await hashPassword(password), at);
      await repo.voidResetTokens(user.id, at);
      await repo.revokeAllSessions(user.id, at);
      // The mailed link proves the address, so a reset also verifies an unverified account.
      await markVerified(user, at);
      await signIns.clearFailures(user.email);
      return AUTH_MESSAGES.resetDone;
    },

    /** Whether `password` is this user's password (for confirming sensitive changes). */
    async checkPassword(user: SessionUser, password: string): Promise<boolean> {
      // Read afresh: the signed-in user may come from the session cache.
      const current = await repo.findUserById(user.id);
      return !!current && verifyPassword(current.password_hash, password);
    },

    /** Changes the password after checking the current one; every other session of the account ends. */
    async changePassword(
      user: SessionUser,
      sessionId: string,
      input: { currentPassword: string; password: string },
    ) {
      // Read afresh: the signed-in user may come from the session cache.
      const current = await repo.findUserById(user.id);
      if (!current || !(await verifyPassword(current.password_hash, input.currentPassword)))
        throw badRequest(PROFILE_MESSAGES.currentPasswordWrong);
      if (input.password === input.currentPassword) throw badRequest(PROFILE_MESSAGES.samePassword);
      assertPasswordAllowed(input.password);
      const at = nowIso();
      await repo.setPasswordHash(user.id, await hashPassword(input.password), at);
      await repo.revokeOtherSessions(user.id, sessionId, at);
      await repo.voidResetTokens(user.id, at);
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
