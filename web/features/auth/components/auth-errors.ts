import { ApiError } from '../../../lib/api-client';
import { englishAuth, type AuthT } from '../messages';

/*
 * The account screens' failures, per the spec's error catalogue: the server's own message when it
 * sent one, else ours in the reader's language (`t` from useT(authMessages); English without).
 */

/** What api-client says when the server's answer carried no message of its own. */
const NO_SERVER_MESSAGE = 'Something went wrong. Please try again.';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);

/** The server's own message, when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 0 || error.code === 'BAD_RESPONSE') return undefined;
  return error.message && error.message !== NO_SERVER_MESSAGE ? error.message : undefined;
}

const isNetworkFailure = (error: unknown) => statusOf(error) === 0;

/** The server refused a sign-in because the email address is not verified yet. */
export function isUnverified(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'UNVERIFIED' || error.message === 'User Is not Verified!')
  );
}

/** Login failures, per the spec's error catalogue. */
export function loginErrorMessage(error: unknown, t: AuthT = englishAuth): string {
  const message = serverMessage(error);
  switch (statusOf(error)) {
    case 0:
      return t('error.noResponse');
    case 409:
      return message ?? t('error.loginFailed');
    case 404:
      return message ?? t('error.userNotFound');
    case 401:
      return message ?? t('error.invalidCredentials');
    case 429:
      return message ?? t('error.loginFailed');
    default:
      return t('error.loginFailed');
  }
}

/** Registration failures. */
export function registerErrorMessage(error: unknown, t: AuthT = englishAuth): string {
  if (isNetworkFailure(error)) return t('error.noResponse');
  const message = serverMessage(error);
  switch (statusOf(error)) {
    case 409:
      return t('error.registrationConflict', { reason: message ?? t('error.accountExists') });
    case 400:
      return message ?? t('error.invalidInput');
    case 500:
      return message ?? t('error.serverError');
    default:
      return message ?? t('error.registrationFailed');
  }
}

/** Password reset failures. */
export function resetErrorMessage(error: unknown, t: AuthT = englishAuth): string {
  if (isNetworkFailure(error)) return t('error.noResponse');
  const message = serverMessage(error);
  switch (statusOf(error)) {
    case 409:
      return t('error.resetConflict', { reason: message ?? t('error.resetTryAgain') });
    case 404:
      return message ?? t('error.invalidResetToken');
    default:
      return message ?? t('error.resetFailed');
  }
}

/** OTP verification failures. */
export function otpVerifyErrorMessage(error: unknown, t: AuthT = englishAuth): string {
  if (isNetworkFailure(error)) return t('error.noResponse');
  const message = serverMessage(error);
  switch (statusOf(error)) {
    case 400:
      return message ?? t('error.invalidOtp');
    case 404:
      return message ?? t('error.expiredOtp');
    case 500:
      return message ?? t('error.serverError');
    case 429:
      return message ?? t('error.otpFailed');
    default:
      return t('error.otpFailed');
  }
}

/** Failures asking for a new code. */
export function otpSendErrorMessage(error: unknown, t: AuthT = englishAuth): string {
  if (isNetworkFailure(error)) return t('error.noResponse');
  switch (statusOf(error)) {
    case 404:
      return t('error.otpUserNotFound');
    case 429:
      return serverMessage(error) ?? t('error.otpSendFailed');
    default:
      return t('error.otpSendFailed');
  }
}

/** Forgot-password failures stay mostly silent: only throttling and a dead network are told. */
export function forgotErrorMessage(error: unknown, t: AuthT = englishAuth): string | null {
  if (isNetworkFailure(error)) return t('error.noResponse');
  if (statusOf(error) === 429) return serverMessage(error) ?? t('error.tooManyRequests');
  return null;
}
