import { z } from 'zod';
import { requiredText } from './common';
import { localeSettingSchema } from './locale-setting';

import { PROFILE_TYPES, type ProfileType } from './session';

export { dashboardRouteFor, PROFILE_TYPES, SESSION_HOURS, type ProfileType } from './session';

export const PROFILE_TYPE_OPTIONS: ReadonlyArray<{ value: ProfileType; label: string }> = [
  { value: 'individual', label: 'Individual' },
  { value: 'corporate', label: 'Corporate/Institution' },
  { value: 'nursery', label: 'Partner Nursery' },
];

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;

export const MESSAGES = {
  emailRequired: 'Email Id is required!',
  emailAddressRequired: 'Email address is required!',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required!',
  newPasswordRequired: 'New password is required!',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  passwordTooCommon: 'This password is too common. Please choose one that is harder to guess.',
  passwordsDoNotMatch: 'Passwords do not match!',
  usernameRequired: 'Username is required!',
  usernameInvalid: 'Username must be 3–30 letters, numbers, dots, dashes or underscores.',
  roleRequired: 'Role is required!',
  otpRequired: 'Otp Code is required!',
  otpInvalidFormat: 'The code is the 6 digits from your email.',
  tokenRequired: 'Reset token is required!',
  invalidCredentials: 'Invalid credentials',
  notVerified: 'User Is not Verified!',
  invalidOtp: 'Invalid OTP code',
  expiredOtp: 'Invalid or expired OTP',
  invalidResetToken: 'Invalid reset token or email',
} as const;

const email = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .max(254, MESSAGES.emailInvalid)
    .pipe(z.email({ error: MESSAGES.emailInvalid }))
    .transform((value) => value.toLowerCase());

export const newPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .refine((value) => value.trim().length > 0, requiredMessage)
    .refine((value) => value.length >= PASSWORD_MIN, MESSAGES.passwordTooShort)
    .refine((value) => value.length <= PASSWORD_MAX, MESSAGES.passwordTooLong);

// The password itself is never trimmed: spaces are allowed characters.
export const existingPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .refine((value) => value.trim().length > 0, MESSAGES.passwordRequired)
  .refine((value) => value.length <= PASSWORD_MAX, MESSAGES.invalidCredentials);

/** Usernames: 3–30 letters, digits, dots, dashes or underscores; unique without regard to case. */
export const usernameField = requiredText(MESSAGES.usernameRequired).regex(
  /^[A-Za-z0-9._-]{3,30}$/,
  MESSAGES.usernameInvalid,
);

const profileType = z.enum(PROFILE_TYPES, { error: MESSAGES.roleRequired });

/**
 * The confirmation must repeat the new password. Checked whenever both are text, even while
 * other fields are still wrong (zod would otherwise skip an object's refinement), so a form can
 * say "Passwords do not match!" beside the confirmation at once.
 */
export const passwordsMatch = {
  check: (body: { password: string; passwordConfirm: string }) =>
    body.password === body.passwordConfirm,
  params: {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['passwordConfirm'],
    when: (payload: { value: unknown }) => {
      const value = payload.value as { password?: unknown; passwordConfirm?: unknown } | null;
      return typeof value?.password === 'string' && typeof value.passwordConfirm === 'string';
    },
  },
};

export const registerRequestSchema = z
  .object({
    username: usernameField,
    email: email(MESSAGES.emailRequired),
    password: newPassword(MESSAGES.passwordRequired),
    passwordConfirm: z.string({ error: MESSAGES.passwordsDoNotMatch }),
    role: profileType,
    profileType: profileType.optional(),
    isCoperate: z.boolean().optional(),
    /** The language the visitor signed up in (issue 26): their mails come in it. */
    locale: localeSettingSchema.optional(),
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: email(MESSAGES.emailRequired),
  password: existingPassword,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  result: z.object({ token: z.string(), message: z.string(), dashboardRoute: z.string() }),
});

export const otpRequestSchema = z.object({ email: email(MESSAGES.emailRequired) });
export type OtpRequest = z.input<typeof otpRequestSchema>;

export const otpMatchRequestSchema = z.object({
  email: email(MESSAGES.emailRequired),
  otpCode: requiredText(MESSAGES.otpRequired).regex(/^\d{6}$/, MESSAGES.otpInvalidFormat),
});
export type OtpMatchRequest = z.input<typeof otpMatchRequestSchema>;

export const otpMatchResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  dashboardRoute: z.string(),
});

export const forgotPasswordRequestSchema = z.object({
  email: email(MESSAGES.emailAddressRequired),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z
  .object({
    email: email(MESSAGES.emailAddressRequired),
    token: requiredText(MESSAGES.tokenRequired).max(200, MESSAGES.invalidResetToken),
    password: newPassword(MESSAGES.newPasswordRequired),
    passwordConfirm: z.string({ error: MESSAGES.passwordsDoNotMatch }),
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  _id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  profileType: z.enum(PROFILE_TYPES),
  /** Avatar address, or empty when the user has none (the client shows a fallback image). */
  file: z.string(),
  verified: z.boolean(),
  /**
   * The profile's free-text location ("Pune, India"), or null; maps that choose a point open on
   * the country it names (issue 23 §6). Optional for answers cached before it was sent.
   */
  location: z.string().nullable().optional(),
  /**
   * The member's language (contract/languages.ts) for the app, mails and documents; null follows
   * the browser's languages (issue 26). Optional for answers cached before it was sent.
   */
  locale: z.string().nullable().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const currentUserResponseSchema = z.object({
  success: z.literal(true),
  user: currentUserSchema,
});
