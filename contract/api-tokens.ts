import { z } from 'zod';

/** Every API token starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_TOKEN_PREFIX = 'cnp_';
/** `cnp_` + 32 random bytes in base64url (43 characters). */
export const API_TOKEN_PATTERN = /^cnp_[A-Za-z0-9_-]{43}$/;

export const API_TOKEN_LIMITS = {
  nameMax: 60,
  /** Live (not expired) tokens a member may hold at once. */
  maxLive: 20,
} as const;

/** How long a new token lasts; `never` keeps it until it is revoked. */
export const API_TOKEN_EXPIRY_CHOICES = [
  { value: 'never', label: 'No expiry', days: null },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
] as const;
export type ApiTokenExpiryChoice = (typeof API_TOKEN_EXPIRY_CHOICES)[number]['value'];
const EXPIRY_VALUES = API_TOKEN_EXPIRY_CHOICES.map((c) => c.value) as [
  ApiTokenExpiryChoice,
  ...ApiTokenExpiryChoice[],
];

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Token name is required!',
  nameTooLong: `Token name can be at most ${API_TOKEN_LIMITS.nameMax} characters.`,
  expiryInvalid: 'Choose how long the token lasts.',
  tooMany: `You have ${API_TOKEN_LIMITS.maxLive} active API tokens. Revoke one before creating another.`,
  created: 'API token created. Copy it now: it will not be shown again.',
  revoked: 'API token revoked. It no longer works.',
  notFound: 'This API token does not exist or was already revoked.',
  /** An API token on anything but a read (GET/HEAD) under /api. */
  readOnly: 'API tokens are read-only. Sign in to Canopy to make changes.',
  /** An API token on the token endpoints themselves. */
  /** Issue 25, security 3: the feed address is a secret of its own that outlives a token. */
  noFeedAddress:
    'API tokens cannot read your calendar feed address. Sign in to Canopy to see or replace it.',
  notForTokens:
    'API tokens cannot list, create or revoke API tokens. Sign in to Canopy to manage them.',
  invalid: 'This API token is not valid: it was revoked, has expired, or never existed.',
} as const;

/** POST /api/api-tokens: a name and an optional lifetime in days (null or left out: no expiry). */
export const createApiTokenRequestSchema = z.object({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKEN_LIMITS.nameMax, API_TOKEN_MESSAGES.nameTooLong),
  expiresInDays: z
    .number({ error: API_TOKEN_MESSAGES.expiryInvalid })
    .int(API_TOKEN_MESSAGES.expiryInvalid)
    .min(1, API_TOKEN_MESSAGES.expiryInvalid)
    .max(365, API_TOKEN_MESSAGES.expiryInvalid)
    .nullable()
    .default(null),
});
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequestSchema>;
export type CreateApiTokenInput = z.output<typeof createApiTokenRequestSchema>;

/** The web form: a name and one of API_TOKEN_EXPIRY_CHOICES. */
export const apiTokenFormSchema = z.object({
  name: createApiTokenRequestSchema.shape.name,
  expiry: z.enum(EXPIRY_VALUES, { error: API_TOKEN_MESSAGES.expiryInvalid }),
});
export type ApiTokenForm = z.output<typeof apiTokenFormSchema>;

export function toCreateApiTokenRequest(form: ApiTokenForm): CreateApiTokenRequest {
  const choice = API_TOKEN_EXPIRY_CHOICES.find((c) => c.value === form.expiry);
  return { name: form.name, expiresInDays: choice?.days ?? null };
}

/** A token as listed: never its secret, only a recognisable start. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret (`cnp_AbCd`), to tell tokens apart. */
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(apiTokenSchema),
  /** How many live tokens a member may hold. */
  maxLive: z.number().int(),
});

/** The one answer that carries the secret; it is not stored and cannot be shown again. */
export const createApiTokenResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ token: apiTokenSchema, secret: z.string() }),
});

export const apiTokenParamsSchema = z.object({ id: z.string().min(1).max(64) });
