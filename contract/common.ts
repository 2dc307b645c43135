import { z } from 'zod';

/** Every error the API sends: `{ success:false, message, code }`. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A plain acknowledgement: `{ success, message }`. */
export const messageResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

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
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Trims, then requires the value; for the spec's "<field> is required!" messages. */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message);
