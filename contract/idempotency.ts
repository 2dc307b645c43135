/**
 * Idempotent writes (issue 24): the field app sends each queued write with a key it made when the
 * item was saved on the phone; a repeat of the same key answers the first answer.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** A repeated answer carries this header set to "true". */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** 1–200 characters: letters, digits and - _ : . (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:.-]{1,200}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalid: `${IDEMPOTENCY_HEADER} must be 1–200 letters, digits, "-", "_", ":" or ".".`,
  inProgress: 'This item is still being saved. Try again in a moment.',
  answerLost: 'This item was saved, but its answer was lost. Reload to see it.',
  otherRequest: `This ${IDEMPOTENCY_HEADER} was already used for a different request.`,
} as const;
