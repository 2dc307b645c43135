import { z } from 'zod';
import {
  currentUserSchema,
  existingPassword,
  MESSAGES,
  newPassword,
  passwordsMatch,
  PROFILE_TYPES,
  usernameField,
} from './auth';
import { localeSettingSchema } from './locale-setting';

/** Profile search runs from this many trimmed characters; shorter text shows the default options. */
export const PROFILE_SEARCH_MIN = 3;
export const PROFILE_SEARCH_MAX_RESULTS = 10;

export const profileSearchQuerySchema = z.object({
  key: z.string().max(100, 'Search text must be at most 100 characters.').optional().default(''),
});

export const profileSearchResultSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
});
export type ProfileSearchResult = z.infer<typeof profileSearchResultSchema>;

export const profileSearchResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(profileSearchResultSchema),
});

export const profileParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** What anyone signed in may see of a member: public fields only, never the email. */
export const publicProfileSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  profileType: z.enum(PROFILE_TYPES),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  memberSince: z.string(),
  /** Avatar address, or empty (the client shows a fallback image). */
  file: z.string(),
  counts: z.object({
    drivesOrganised: z.number().int(),
    drivesJoined: z.number().int(),
    treesRegistered: z.number().int(),
    /** Attended hours (issue 21): the member's check-ins and the drives they organised that started. */
    volunteerHours: z.number().nonnegative().optional(),
  }),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const publicProfileResponseSchema = z.object({
  success: z.literal(true),
  data: publicProfileSchema,
});

export const PROFILE_LIMITS = { name: 80, bio: 500, location: 120 } as const;

export const PROFILE_MESSAGES = {
  nameTooLong: `Name must be at most ${PROFILE_LIMITS.name} characters.`,
  bioTooLong: `Bio must be at most ${PROFILE_LIMITS.bio} characters.`,
  locationTooLong: `Location must be at most ${PROFILE_LIMITS.location} characters.`,
  usernameTaken: 'That username is taken. Please choose another.',
  profileSaved: 'Profile updated!',
  languageSaved: 'Language saved.',
  avatarSaved: 'Profile photo updated!',
  avatarRemoved: 'Profile photo removed.',
  currentPasswordRequired: 'Current password is required!',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordChanged:
    'Password changed. Your other sessions have been signed out and your API tokens revoked.',
  samePassword: 'The new password must be different from the current one.',
  deleteConfirmRequired: 'Please type DELETE to confirm.',
  accountDeleted: 'Your account has been deleted.',
  profileNotFound: 'We could not find that member.',
} as const;

/** Optional free text: trimmed, empty becomes null so "cleared" is stored as cleared. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value));

export const updateProfileRequestSchema = z
  .object({
    name: optionalText(PROFILE_LIMITS.name, PROFILE_MESSAGES.nameTooLong),
    username: usernameField,
    bio: optionalText(PROFILE_LIMITS.bio, PROFILE_MESSAGES.bioTooLong),
    location: optionalText(PROFILE_LIMITS.location, PROFILE_MESSAGES.locationTooLong),
    /** Left out: the saved language stays as it is. */
    locale: localeSettingSchema.optional(),
  })
  .strict();
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** The language switch of the avatar menu saves the choice alone (issue 26). */
export const updateLocaleRequestSchema = z.object({ locale: localeSettingSchema }).strict();
export type UpdateLocaleRequest = z.input<typeof updateLocaleRequestSchema>;

/** Profile changes answer with the fresh current user so the top bar updates at once. */
export const currentUserUpdateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: currentUserSchema,
});
export type CurrentUserUpdateResponse = z.infer<typeof currentUserUpdateResponseSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: PROFILE_MESSAGES.currentPasswordRequired })
      .refine((value) => value.trim().length > 0, PROFILE_MESSAGES.currentPasswordRequired)
      .refine((value) => value.length <= 128, PROFILE_MESSAGES.currentPasswordWrong),
    password: newPassword(MESSAGES.newPasswordRequired),
    passwordConfirm: z.string({ error: MESSAGES.passwordsDoNotMatch }),
  })
  .strict()
  .refine(passwordsMatch.check, passwordsMatch.params);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** Deleting an account needs the password and the word DELETE, so it never happens by accident. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';
export const deleteAccountRequestSchema = z
  .object({
    password: existingPassword,
    confirm: z.literal(DELETE_CONFIRMATION_WORD, { error: PROFILE_MESSAGES.deleteConfirmRequired }),
  })
  .strict();
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;
