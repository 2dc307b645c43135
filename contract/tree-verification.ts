import { z } from 'zod';
import { cursorField, decodeCursor, encodeCursor, isInstant, isRowId } from './cursor';

/** Issue 21 §2: trees someone vouched for (docs/decisions/tree-verification.md). */
export const VERIFICATION_STATUSES = ['unverified', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_REJECTION_REASONS = [
  'not_a_tree',
  'photo_unclear',
  'wrong_place',
  'duplicate',
  'dead',
] as const;
export type VerificationRejectionReason = (typeof VERIFICATION_REJECTION_REASONS)[number];

export const VERIFICATION_REASON_LABELS: Record<VerificationRejectionReason, string> = {
  not_a_tree: 'Not a tree',
  photo_unclear: 'Photo unclear',
  wrong_place: 'Wrong place',
  duplicate: 'Duplicate',
  dead: 'Dead',
};

export const VERIFICATION_LIMITS = {
  /** A photo's GPS farther than this from the registered point is flagged to the verifier. */
  flagDistanceM: 200,
  /** A verification needs a photo (the tree's or a measurement's) younger than this. */
  photoMaxAgeMonths: 12,
  queuePage: 20,
} as const;

export const VERIFICATION_MESSAGES = {
  ownTree: 'You planted this tree, so someone else has to verify it.',
  notAllowed:
    "Only the drive's organiser, its organisation's owners and admins, or the nursery that supplied its saplings can verify this tree.",
  notAtDrive:
    'This tree was not registered at a drive, so nobody can verify it. Trees are verified by the drive where they were planted.',
  noPhoto:
    'This tree has no photo yet. A verification needs a photo of the tree or of a measurement.',
  photoTooOld:
    'The latest photo of this tree is more than 12 months old. Ask the planter for a new photo first.',
  reasonRequired: 'Please choose why the tree is rejected.',
  reasonUnknown: 'Please choose a reason from the list.',
  decisionUnknown: 'decision must be verified or rejected.',
  verified: 'Tree verified.',
  rejected: 'Tree rejected.',
} as const;

/** Who decided, as the API names people elsewhere. */
export const verifierSchema = z.object({ id: z.string(), name: z.string() });

/** A tree's verification, in every tree answer. */
export const treeVerificationSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  by: verifierSchema.nullable(),
  at: z.string().nullable(),
  reason: z.enum(VERIFICATION_REJECTION_REASONS).nullable(),
  /** Metres from the registered point to where the latest photo with GPS was taken. */
  photoDistanceM: z.number().nullable(),
});
export type TreeVerification = z.infer<typeof treeVerificationSchema>;

/** Whether a photo's distance is far enough to flag. */
export const isDistanceFlagged = (m: number | null) =>
  m !== null && m > VERIFICATION_LIMITS.flagDistanceM;

/** POST /api/trees/{id}/verification. */
export const verificationDecisionSchema = z
  .object({
    decision: z.enum(['verified', 'rejected'], { error: VERIFICATION_MESSAGES.decisionUnknown }),
    reason: z
      .enum(VERIFICATION_REJECTION_REASONS, { error: VERIFICATION_MESSAGES.reasonUnknown })
      .nullish(),
  })
  .refine((v) => v.decision !== 'rejected' || !!v.reason, {
    message: VERIFICATION_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type VerificationDecision = z.output<typeof verificationDecisionSchema>;
export type VerificationDecisionInput = z.input<typeof verificationDecisionSchema>;

export const verificationDecisionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.string(), verification: treeVerificationSchema }),
});

/**
 * Where the next page of the queue starts: which side of the queue (`d` a drive the caller acts
 * for, `r` a reservation the caller's nursery supplied), its id, and the last tree shown.
 */
export interface VerificationQueueCursor {
  side: 'd' | 'r';
  key: string;
  createdAt: string;
  id: string;
}
export const VERIFICATION_CURSOR_MESSAGE = 'cursor is not valid. Start again from the first page.';
export const encodeVerificationCursor = (c: VerificationQueueCursor) =>
  encodeCursor([c.side, c.key, c.createdAt, c.id]);
export function decodeVerificationCursor(token: string): VerificationQueueCursor | undefined {
  const v = decodeCursor(token);
  if (v?.length !== 4) return undefined;
  const [side, key, createdAt, id] = v;
  if ((side !== 'd' && side !== 'r') || !isRowId(key) || !isInstant(createdAt) || !isRowId(id))
    return undefined;
  return { side, key, createdAt, id };
}

export const verificationQueueQuerySchema = z.object({
  cursor: cursorField(decodeVerificationCursor, VERIFICATION_CURSOR_MESSAGE),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 100.')
    .max(100, 'limit must be between 1 and 100.')
    .default(VERIFICATION_LIMITS.queuePage),
});
export type VerificationQueueQuery = z.output<typeof verificationQueueQuerySchema>;

/** A tree waiting for the caller's decision. */
export const verificationQueueItemSchema = z.object({
  id: z.string(),
  photoUrl: z.string(),
  /** The place as the planter named it, and the point (rounded as for anyone but the owner). */
  location: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  planter: z.object({ id: z.string(), name: z.string() }),
  species: z.object({ value: z.number().int(), label: z.string() }),
  plants: z.number().int(),
  plantedAt: z.string(),
  drive: z.object({ id: z.string(), name: z.string() }).nullable(),
  photoDistanceM: z.number().nullable(),
  /** True when the photo was taken more than 200 m from the registered point. */
  distanceFlagged: z.boolean(),
  createdAt: z.string(),
});
export type VerificationQueueItem = z.infer<typeof verificationQueueItemSchema>;

export const verificationQueueResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(verificationQueueItemSchema),
  /** Ask for the next page with `cursor=<this>`; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Trees waiting for the caller, counted up to `WAITING_COUNT_MAX` (then `waitingMore`). */
  waiting: z.number().int(),
  waitingMore: z.boolean(),
  /** Whether the caller verifies anything at all (organiser, team manager or nursery). */
  canVerify: z.boolean(),
});
export type VerificationQueueResponse = z.infer<typeof verificationQueueResponseSchema>;
export const WAITING_COUNT_MAX = 999;

export { VERIFY_PATH } from './app-paths';

/** A tree nobody decided on yet (new trees; test data). */
export const UNVERIFIED: TreeVerification = {
  status: 'unverified',
  by: null,
  at: null,
  reason: null,
  photoDistanceM: null,
};
