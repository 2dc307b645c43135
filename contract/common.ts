import { z } from 'zod';

/** Every error the API sends: `{ success:false, message, code }`. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  /** The form field at fault, when the error is about one field. */
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A plain acknowledgement: `{ success, message }`. */
export const messageResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});

/** Stable machine-readable error codes; the message is for people, the code is for programs. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'UNVERIFIED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  /** 402: the card was declined or had insufficient funds; nothing was charged. */
  'PAYMENT_DECLINED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A whole number with its thousands grouped as `toLocaleString('en-US')` writes it ("100,000"),
 * without Intl: a message built when its module loads would otherwise start the browser's number
 * formatting before a phone's first screen has painted (~40 ms with the CPU slowed 4×, issue 20).
 */
export const groupedWhole = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Trims, then requires the value; for the spec's "<field> is required!" messages. */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message);

/** `page` and `limit` (at most 100) for a paginated list, as query fields. */
export const pagingQueryFields = (defaultLimit: number) => ({
  page: z.coerce.number().int().min(1, 'page must be 1 or more.').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 100.')
    .max(100, 'limit must be between 1 and 100.')
    .default(defaultLimit),
});

/** What every paginated answer says about its page. */
export const pagedResponseFields = {
  success: z.literal(true),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
};
