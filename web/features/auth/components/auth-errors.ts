import { ApiError } from '../../../lib/api-client';

/** What api-client says when the server's answer carried no message of its own. */
const NO_SERVER_MESSAGE = 'Something went wrong. Please try again.';
const NO_RESPONSE = 'No response received from server.';

export const RESPONSE_MESSAGES = {
  verifyEmail: 'Please verify your email with the OTP sent to your email address.',
  loginFailed: 'Login failed',
  userNotFound: 'User not found',
  invalidCredentials: 'Invalid credentials',
  invalidInput: 'Invalid input data',
  serverError: 'Server error. Please try again.',
  registrationFailed: 'Registration failed',
  resetFailed: 'Password reset failed. Please try again.',
  invalidResetToken: 'Invalid reset token or email',
  invalidOtp: 'Invalid OTP code',
  expiredOtp: 'Invalid or expired OTP',
  otpFailed: 'OTP verification failed',
  otpSendFailed: 'Failed to send OTP. Please try again.',
  otpUserNotFound: 'User not found with this email address',
} as const;

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
export function loginErrorMessage(error: unknown): string {
  const message = serverMessage(error);
  switch (statusOf(error)) {
    case 0:
      return NO_RESPONSE;
    case 409:
      return message ?? RESPONSE_MESSAGES.loginFailed;
    case 404:
      return message ?? RESPONSE_MESSAGES.userNotFound;
    case 401:
      return message ?? RESPONSE_MESSAGES.invalidCredentials;
    case 429:
      return message ?? RESPONSE_MESSAGES.loginFailed;
    default:
      return RESPONSE_MESSAGES.loginFailed;
  }
}

/** Registration failures. */
export function registerErrorMessage(error: unknown): string {
  if (isNetworkFailure(error)) return NO_RESPONSE;
  const message = serverMessage(error);
  switch (statusOf(error)) {
    case 409:
      return `Registration failed: ${message ?? 'this account already exists.'}`;
    case 400:
      return message ?? RESPONSE_MESSAGES.invalidInput;
    case 500:
      return message ?? RESPONSE_MESSAGES.serverError;
    default:
      return message ?? RESPONSE_MESSAGES.registrationFailed;
  }
}

/** Password reset failures. */
export function resetErrorMessage(error: unknown): string {
  if (isNetworkFailure(error)) return NO_RESPONSE;
  const message = serverMessage(error);
  switch (statusOf(error)) {
    case 409:
      return `Password reset failed: ${message ?? 'please try again.'}`;
    case 404:
      return message ?? RESPONSE_MESSAGES.invalidResetToken;
    default:
      return message ?? RESPONSE_MESSAGES.resetFailed;
  }
}

/** OTP verification failures. */
export function otpVerifyErrorMessage(error: unknown): string {
  if (isNetworkFailure(error)) return NO_RESPONSE;
  const message = serverMessage(error);
  switch (statusOf(error)) {
    case 400:
      return message ?? RESPONSE_MESSAGES.invalidOtp;
    case 404:
      return message ?? RESPONSE_MESSAGES.expiredOtp;
    case 500:
      return message ?? RESPONSE_MESSAGES.serverError;
    case 429:
      return message ?? RESPONSE_MESSAGES.otpFailed;
    default:
      return RESPONSE_MESSAGES.otpFailed;
  }
}

/** Failures asking for a new code. */
export function otpSendErrorMessage(error: unknown): string {
  if (isNetworkFailure(error)) return NO_RESPONSE;
  switch (statusOf(error)) {
    case 404:
      return RESPONSE_MESSAGES.otpUserNotFound;
    case 429:
      return serverMessage(error) ?? RESPONSE_MESSAGES.otpSendFailed;
    default:
      return RESPONSE_MESSAGES.otpSendFailed;
  }
}

/** Forgot-password failures stay mostly silent: only throttling and a dead network are told. */
export function forgotErrorMessage(error: unknown): string | null {
  if (isNetworkFailure(error)) return NO_RESPONSE;
  if (statusOf(error) === 429)
    return serverMessage(error) ?? 'Too many requests. Please wait and try again.';
  return null;
}
