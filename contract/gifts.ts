import { z } from 'zod';

/**
 * Trees given to someone (issue 19 §5): a tree donation may carry one recipient (`gift`), or a
 * corporate account gives the same number of trees to many recipients in one payment (`batch`).
 * After payment each recipient gets a mail on `sendOn` (or at once) with the certificate and a
 * claim link `/claim/{code}`; claiming moves the gift into the claimer's forest.
 */
export const CLAIM_PATH = '/claim';
export const claimPath = (code: string) => `${CLAIM_PATH}/${encodeURIComponent(code)}`;

export const GIFT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMax: 500,
  /** How far ahead the mail may be scheduled, in days. */
  sendOnMaxDays: 366,
  /** Recipients of one corporate gift. */
  batchMax: 500,
  /** Resends of one gift's mail per hour. */
  resendsPerHour: 3,
  pageMax: 100,
} as const;

export const GIFT_MESSAGES = {
  nameRequired: "Please enter the recipient's name.",
  nameTooLong: `The name must be at most ${GIFT_LIMITS.nameMax} characters.`,
  emailInvalid:
    'Please enter a valid email address, or leave it empty to pass the link on yourself.',
  messageTooLong: `Your message must be at most ${GIFT_LIMITS.messageMax} characters.`,
  sendOnInvalid: 'Please choose the day as YYYY-MM-DD.',
  sendOnRange: 'Please choose a day from today to one year from now.',
  treesOnly: 'Only a gift of trees can be given to someone.',
  notFound: 'This gift link is not valid. It may have been replaced by a newer link.',
  alreadyClaimed: 'This gift has already been claimed.',
  notPaid: 'This gift is not available yet: its payment has not been confirmed.',
  refunded: 'This gift was refunded, so it can no longer be claimed.',
  ownGift: 'This is your own gift: pass the link on to the person you give it to.',
  claimedOneAlready: 'You have already claimed a gift from this donation.',
  claimed: 'The trees are yours: they are in your forest now.',
  noGift: 'This donation is not a gift to someone.',
  chooseRecipient: 'Please say which recipient’s mail to send again.',
  resendClaimed: 'This gift has been claimed, so there is nothing to send again.',
  resendNoEmail: 'This gift has no recipient email: pass its link on yourself.',
  resendNotPaid: 'The mail can be sent once the payment is confirmed.',
  resendTooOften: `You can send a gift's mail at most ${GIFT_LIMITS.resendsPerHour} times an hour. Please try again later.`,
  resent: 'We sent the gift again with a new link; the old link no longer works.',
  batchCorporate: 'Giving to many recipients at once is for corporate accounts.',
  batchEmpty: 'Please add at least one recipient.',
  batchTooMany: `You can give to at most ${GIFT_LIMITS.batchMax} recipients at once.`,
  batchDuplicate: (line: number, first: number) =>
    `Line ${line}: this email is already on line ${first}.`,
  batchHeader: 'The first line must name the columns: name,email.',
  batchLine: (line: number, message: string) => `Line ${line}: ${message}`,
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD of a moment, in UTC (gift days are UTC days: the mail goes at 00:00 UTC). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Why a send day is refused (null: fine): from `today` to a year later, UTC days. */
export function sendOnProblem(sendOn: string | undefined | null, now: Date): string | null {
  if (!sendOn) return null;
  if (!DATE.test(sendOn) || Number.isNaN(Date.parse(`${sendOn}T00:00:00Z`)))
    return GIFT_MESSAGES.sendOnInvalid;
  const today = utcDay(now);
  const last = utcDay(
    new Date(Date.parse(`${today}T00:00:00Z`) + GIFT_LIMITS.sendOnMaxDays * 864e5),
  );
  return sendOn < today || sendOn > last ? GIFT_MESSAGES.sendOnRange : null;
}

const recipientName = z
  .string({ error: GIFT_MESSAGES.nameRequired })
  .trim()
  .min(1, GIFT_MESSAGES.nameRequired)
  .max(GIFT_LIMITS.nameMax, GIFT_MESSAGES.nameTooLong);
const recipientEmail = z
  .string({ error: GIFT_MESSAGES.emailInvalid })
  .trim()
  .max(GIFT_LIMITS.emailMax, GIFT_MESSAGES.emailInvalid)
  .pipe(z.email(GIFT_MESSAGES.emailInvalid));
const sendOn = z
  .string({ error: GIFT_MESSAGES.sendOnInvalid })
  .regex(DATE, GIFT_MESSAGES.sendOnInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), GIFT_MESSAGES.sendOnInvalid);

/** `gift` of `POST /api/donations`: one recipient. An empty email means "I pass the link on". */
export const giftRequestSchema = z
  .object({
    recipientName,
    recipientEmail: z.union([z.literal(''), recipientEmail]).optional(),
    message: z.string().trim().max(GIFT_LIMITS.messageMax, GIFT_MESSAGES.messageTooLong).optional(),
    /** The UTC day the mail goes out (00:00 UTC); absent or today: at once. */
    sendOn: sendOn.optional(),
  })
  .strict();
export type GiftRequest = z.infer<typeof giftRequestSchema>;

// ---- POST /api/donations/gifts/batch (corporate): rows parsed from CSV by the web

export const batchRecipientSchema = z
  .object({ name: recipientName, email: recipientEmail })
  .strict();
export type BatchRecipient = z.infer<typeof batchRecipientSchema>;

/**
 * The recipients' rows of a CSV upload (`name,email` header, then one recipient a line); the row's
 * line in the file is its index + 2. Problems are line-numbered, duplicates by email refused.
 */
export function batchRecipientsProblems(rows: ReadonlyArray<BatchRecipient>): string[] {
  const problems: string[] = [];
  if (rows.length === 0) problems.push(GIFT_MESSAGES.batchEmpty);
  if (rows.length > GIFT_LIMITS.batchMax) problems.push(GIFT_MESSAGES.batchTooMany);
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const line = i + 2;
    const parsed = batchRecipientSchema.safeParse(row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(GIFT_MESSAGES.batchLine(line, issue.message));
      return;
    }
    const key = parsed.data.email.toLowerCase();
    const first = seen.get(key);
    if (first) problems.push(GIFT_MESSAGES.batchDuplicate(line, first));
    else seen.set(key, line);
  });
  return problems;
}

/** Splits one CSV line (commas, double-quoted fields with "" escapes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

/** The recipients of a `name,email` CSV, or the line-numbered problems of the file. */
export function parseRecipientsCsv(text: string): { rows: BatchRecipient[]; problems: string[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length && !lines.at(-1)!.trim()) lines.pop();
  const header = csvFields(lines[0] ?? '').map((h) => h.toLowerCase());
  const nameAt = header.indexOf('name');
  const emailAt = header.indexOf('email');
  if (nameAt < 0 || emailAt < 0) return { rows: [], problems: [GIFT_MESSAGES.batchHeader] };
  const rows = lines
    .slice(1)
    .map(csvFields)
    .map((f) => ({ name: f[nameAt] ?? '', email: f[emailAt] ?? '' }));
  return { rows, problems: batchRecipientsProblems(rows) };
}

export const batchGiftRequestSchema = z
  .object({
    /** Trees for each recipient. */
    treesEach: z
      .number({ error: 'Please enter how many trees each recipient gets.' })
      .int('Please enter a whole number of trees.')
      .positive('Please enter how many trees each recipient gets.'),
    driveId: z.string().min(1).max(64).nullable().optional(),
    message: z.string().trim().max(GIFT_LIMITS.messageMax, GIFT_MESSAGES.messageTooLong).optional(),
    anonymous: z.boolean().optional(),
    sendOn: sendOn.optional(),
    recipients: z.array(z.unknown()).max(GIFT_LIMITS.batchMax, GIFT_MESSAGES.batchTooMany),
  })
  .strict()
  .superRefine((value, ctx) => {
    const problems = batchRecipientsProblems(value.recipients as BatchRecipient[]);
    for (const message of problems) ctx.addIssue({ code: 'custom', path: ['recipients'], message });
  })
  .transform((value) => ({ ...value, recipients: value.recipients as BatchRecipient[] }));
export type BatchGiftRequest = z.infer<typeof batchGiftRequestSchema>;

// ---- GET /api/gifts/{code} (public preview), POST /api/gifts/{code}/claim

export const giftCodeParamsSchema = z.object({ code: z.string().min(1).max(100) });

export const giftPreviewSchema = z.object({
  recipientName: z.string(),
  trees: z.number().int(),
  message: z.string().nullable(),
  /** Null when the giver chose to stay anonymous. */
  giverName: z.string().nullable(),
  drive: z.object({ id: z.string(), name: z.string(), startsAt: z.string() }).nullable(),
  /** Species the drive plants (or the planted trees'). */
  species: z.array(z.string()),
  planted: z.number().int(),
  status: z.enum(['funded', 'partly-planted', 'planted']),
  claimed: z.boolean(),
});
export type GiftPreview = z.infer<typeof giftPreviewSchema>;
export const giftPreviewResponseSchema = z.object({
  success: z.literal(true),
  data: giftPreviewSchema,
});

export const claimGiftResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ donationId: z.string(), trees: z.number().int() }),
});

// ---- GET /api/donations/{id}/gifts (the giver), POST /api/donations/{id}/gift/resend

export const donationGiftsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, `limit must be between 1 and ${GIFT_LIMITS.pageMax}.`)
    .max(GIFT_LIMITS.pageMax, `limit must be between 1 and ${GIFT_LIMITS.pageMax}.`)
    .default(50),
  /** The previous page's `next`. */
  after: z.string().max(100).optional(),
});
export type DonationGiftsQuery = z.infer<typeof donationGiftsQuerySchema>;

export const donationGiftSchema = z.object({
  id: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string().nullable(),
  trees: z.number().int(),
  sendOn: z.string().nullable(),
  /** When the latest mail went out (null: not yet, or no email). */
  sentAt: z.string().nullable(),
  claimed: z.boolean(),
  claimedAt: z.string().nullable(),
  /** Only for a gift without an email, to its giver, once paid: the link to pass on. */
  claimUrl: z.string().nullable(),
});
export type DonationGift = z.infer<typeof donationGiftSchema>;

export const donationGiftsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    gifts: z.array(donationGiftSchema),
    total: z.number().int(),
    claimed: z.number().int(),
    /** Pass as `after` for the next page; null at the end. */
    next: z.string().nullable(),
  }),
});
export type DonationGifts = z.infer<typeof donationGiftsResponseSchema>['data'];

export const resendGiftRequestSchema = z
  .object({ giftId: z.string().min(1).max(64).optional() })
  .strict();
export const resendGiftResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: donationGiftSchema,
});
