import { MESSAGES } from '../../../../contract/auth';
import { FILE_MESSAGES } from '../../../../contract/files';
import { PROFILE_MESSAGES } from '../../../../contract/users';
import { ApiError } from '../../../lib/api-client';

const NO_RESPONSE = 'No response received from server.';
export const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** What to tell the user about a failed call: the server's own message whenever it sent one. */
export function failureMessage(error: unknown, fallback = FALLBACK_MESSAGE): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return NO_RESPONSE;
  if (error.code === 'BAD_RESPONSE') return fallback;
  if (error.status === 413) return FILE_MESSAGES.tooLarge;
  return error.message || fallback;
}

/** Server messages that belong beside one field, so they show inline as well as in a toast. */
const FIELD_OF_MESSAGE: Record<string, string> = {
  [PROFILE_MESSAGES.nameTooLong]: 'name',
  [PROFILE_MESSAGES.bioTooLong]: 'bio',
  [PROFILE_MESSAGES.locationTooLong]: 'location',
  [PROFILE_MESSAGES.usernameTaken]: 'username',
  [MESSAGES.usernameRequired]: 'username',
  [MESSAGES.usernameInvalid]: 'username',
  [PROFILE_MESSAGES.currentPasswordRequired]: 'currentPassword',
  [PROFILE_MESSAGES.currentPasswordWrong]: 'currentPassword',
  [MESSAGES.newPasswordRequired]: 'password',
  [MESSAGES.passwordTooShort]: 'password',
  [MESSAGES.passwordTooLong]: 'password',
  [MESSAGES.passwordTooCommon]: 'password',
  [PROFILE_MESSAGES.samePassword]: 'password',
  [MESSAGES.passwordsDoNotMatch]: 'passwordConfirm',
  [PROFILE_MESSAGES.deleteConfirmRequired]: 'confirm',
};

/** The field a server message is about (among `fields`), if it is about one. */
export function fieldOfFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
): F | undefined {
  if (!(error instanceof ApiError)) return undefined;
  let field = FIELD_OF_MESSAGE[error.message];
  // A form that asks for the password once (deleting the account) shows its refusal there.
  const passwordRefused =
    field === 'currentPassword' ||
    error.message === MESSAGES.invalidCredentials ||
    error.message === MESSAGES.passwordRequired;
  if (passwordRefused && !fields.some((name) => name === 'currentPassword')) field = 'password';
  return fields.find((name) => name === field);
}
