import { z } from 'zod';
import { wallClockAt } from './wall-clock';

/**
 * Check-in at a drive (issue 21 §1): a participant's pass, check-ins by pass code, by member or
 * as a walk-in, check-out, corrections and the drive's attendance list; the walk-in's claim. Hours
 * are kept in whole minutes on the server (docs/decisions/attended-hours.md); answers carry both
 * `minutes` and `hours` (minutes / 60, two decimals).
 */

export const ATTENDANCE_LIMITS = {
  /** Check-in opens this many hours before the drive starts. */
  opensHoursBefore: 2,
  /** Check-ins, check-outs and corrections are taken until this many days after the drive ends. */
  closesDaysAfter: 14,
  /** An attendance counts at most the drive's duration plus this many hours (without a correction). */
  capHoursOverDuration: 2,
  /** A correction: 0 to 24 hours. */
  correctionMaxHours: 24,
  walkInNameMax: 120,
  emailMax: 254,
} as const;

/** The drive's zone time "Friday, 27 November 2026, 09:00 (Europe/Berlin)" for messages. */
export function formatInZone(instant: string | Date, timeZone: string): string {
  const w = wallClockAt(new Date(instant), timeZone);
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.day} ${months[w.month - 1]} ${w.year}, ${pad(w.hour)}:${pad(w.minute)} (${timeZone})`;
}

export const ATTENDANCE_MESSAGES = {
  /** 409 before the window opens; `when` is formatInZone(opensAt, the drive's zone). */
  opensAt: (when: string) => `Check-in opens at ${when}, two hours before the drive starts.`,
  /** 409 once the recording window has closed; `when` is formatInZone(closesAt, zone). */
  closed: (when: string) =>
    `Attendance for this drive could be recorded until ${when} (14 days after the drive); it can no longer be changed.`,
  /** 400: the code is not a pass of anyone at this drive (mistyped, or another drive's pass). */
  passNotForDrive:
    'This pass code is not for this drive. Check the code, or search the person by name.',
  /** 404: `{ userId }` is not a participant (nor the organiser) of this drive. */
  notParticipant: 'That person has not joined this drive.',
  /** 403: check-in is for the organiser and the organisation's owners and admins. */
  organiserOnly:
    "Only the drive's organiser and its organisation's owners and admins can record attendance.",
  /** 403: a pass is for the drive's participants and its organiser. */
  passParticipantsOnly: 'Only people who joined this drive have a pass for it.',
  /** 409: check-out before check-in. */
  notCheckedIn: 'This person has not checked in yet.',
  bodyOneOf: 'Send exactly one of code, userId or walkIn.',
  codeRequired: 'Pass code is required!',
  codeInvalid: 'A pass code is 16 letters and digits, e.g. ABCD-EFGH-JKMN-PQRS.',
  walkInNameRequired: 'Name is required!',
  walkInNameTooLong: `Name must be at most ${ATTENDANCE_LIMITS.walkInNameMax} characters.`,
  walkInEmailInvalid: 'Please enter a valid email address.',
  hoursRequired: 'Hours are required!',
  hoursInvalid: `Hours must be a number from 0 to ${ATTENDANCE_LIMITS.correctionMaxHours}.`,
  checkedIn: 'Checked in.',
  alreadyCheckedIn: 'Already checked in.',
  checkedOut: 'Checked out.',
  corrected: 'Hours corrected.',
  walkInInvited: 'Walk-in checked in; we emailed them an invitation to claim this attendance.',
  claimed: 'This attendance is now on your account.',
  /** 400: the claim link is unknown, already used or the walk-in is gone. */
  claimInvalid: 'This claim link is not valid any more.',
  /** 403: the claim is for another email address. */
  claimOtherEmail:
    'This invitation was sent to another email address. Sign in with that address to claim it.',
  yearInvalid: 'Year must be a whole number from 2000 to the current year.',
} as const;

/** Crockford base32 groups: 4 groups of 4 (80 bits), dashes optional, case and O/I/L forgiven. */
export const PASS_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(-?[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/** A typed pass code as the server compares it: upper case, no spaces, O→0, I/L→1. */
export function normalisePassCode(input: string): string {
  const plain = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return plain.length === 16 ? plain.match(/.{4}/g)!.join('-') : plain;
}

export const attendanceParamsSchema = z.object({
  id: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
});

// ---- GET /api/drives/{id}/pass -----------------------------------------------------------------

export const drivePassSchema = z.object({
  /** e.g. "K7QX-M2PA-9TWE-4HRB": type it, or scan qrSvg (which encodes the same text). */
  code: z.string(),
  /** An SVG image of the QR code of `code`. */
  qrSvg: z.string(),
});
export type DrivePass = z.infer<typeof drivePassSchema>;
export const drivePassResponseSchema = z.object({
  success: z.literal(true),
  data: drivePassSchema,
});
export type DrivePassResponse = z.infer<typeof drivePassResponseSchema>;

// ---- POST /api/drives/{id}/check-ins ----------------------------------------------------------

export const walkInSchema = z.strictObject({
  name: z
    .string({ error: ATTENDANCE_MESSAGES.walkInNameRequired })
    .trim()
    .min(1, ATTENDANCE_MESSAGES.walkInNameRequired)
    .max(ATTENDANCE_LIMITS.walkInNameMax, ATTENDANCE_MESSAGES.walkInNameTooLong),
  email: z
    .string({ error: ATTENDANCE_MESSAGES.walkInEmailInvalid })
    .trim()
    .toLowerCase()
    .max(ATTENDANCE_LIMITS.emailMax, ATTENDANCE_MESSAGES.walkInEmailInvalid)
    .pipe(z.email(ATTENDANCE_MESSAGES.walkInEmailInvalid)),
});
export type WalkIn = z.infer<typeof walkInSchema>;

/** Exactly one of `{ code }` (a pass), `{ userId }` (a participant found by name), `{ walkIn }`. */
export const checkInRequestSchema = z
  .strictObject({
    code: z
      .string({ error: ATTENDANCE_MESSAGES.codeRequired })
      .max(40, ATTENDANCE_MESSAGES.codeInvalid)
      .transform(normalisePassCode)
      .pipe(z.string().regex(PASS_CODE_PATTERN, ATTENDANCE_MESSAGES.codeInvalid))
      .optional(),
    userId: z.string().min(1).max(64).optional(),
    walkIn: walkInSchema.optional(),
  })
  .refine(
    (b) => [b.code, b.userId, b.walkIn].filter((v) => v !== undefined).length === 1,
    ATTENDANCE_MESSAGES.bodyOneOf,
  );
export type CheckInRequest = z.input<typeof checkInRequestSchema>;

// ---- PATCH /api/drives/{id}/attendance/{userId} ----------------------------------------------

export const attendanceCorrectionSchema = z.strictObject({
  hours: z
    .number({ error: ATTENDANCE_MESSAGES.hoursRequired })
    .min(0, ATTENDANCE_MESSAGES.hoursInvalid)
    .max(ATTENDANCE_LIMITS.correctionMaxHours, ATTENDANCE_MESSAGES.hoursInvalid),
});
export type AttendanceCorrection = z.infer<typeof attendanceCorrectionSchema>;

// ---- GET /api/drives/{id}/attendance -----------------------------------------------------------

/** One person of the drive: a participant (RSVPed), a walk-in, or the organiser. */
export const attendancePersonSchema = z.object({
  /** The member's id, or the walk-in's id (use it in …/check-ins/{userId}/out and PATCH). */
  userId: z.string(),
  name: z.string(),
  isOrganiser: z.boolean(),
  /** Came without an account (or was added at the door): a walk-in record. */
  walkIn: z.boolean(),
  /** Checked in and not checked out. */
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  /** Hours counted (0 for an RSVP that did not come; the organiser: the duration unless corrected). */
  hours: z.number(),
  minutes: z.number().int(),
  /** The hours were set by a correction. */
  corrected: z.boolean(),
});
export type AttendancePerson = z.infer<typeof attendancePersonSchema>;

export const attendanceCountsSchema = z.object({
  /** Checked in and not (yet) checked out. */
  checkedInNow: z.number().int(),
  /** Came (checked in at some point, or hours above zero): walk-ins included, the organiser not. */
  attended: z.number().int(),
  /** Members who joined the drive (not the organiser, not walk-ins). */
  rsvped: z.number().int(),
});

export const attendanceWindowSchema = z.object({
  /** Check-in opens (the drive's start less two hours), ISO UTC. */
  opensAt: z.string(),
  /** Recording closes (the drive's end plus 14 days), ISO UTC. */
  closesAt: z.string(),
  /** Whether check-ins, check-outs and corrections are taken now. */
  open: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The drive's IANA zone: show times there (formatInZone). */
  timeZone: z.string(),
});

export const attendanceSchema = z.object({
  driveId: z.string(),
  driveName: z.string(),
  window: attendanceWindowSchema,
  counts: attendanceCountsSchema,
  /** The organiser first, then by name. */
  people: z.array(attendancePersonSchema),
  /** Total hours counted for the drive (what it adds to volunteer hours). */
  totalHours: z.number(),
});
export type Attendance = z.infer<typeof attendanceSchema>;
export const attendanceResponseSchema = z.object({
  success: z.literal(true),
  data: attendanceSchema,
});
export type AttendanceResponse = z.infer<typeof attendanceResponseSchema>;

/** Check-in, check-out and correction answers: the person as they are now, and the counts. */
export const attendanceChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    person: attendancePersonSchema,
    counts: attendanceCountsSchema,
    /** The check-in found them already checked in (the same pass scanned twice). */
    alreadyCheckedIn: z.boolean(),
  }),
});
export type AttendanceChangeResponse = z.infer<typeof attendanceChangeResponseSchema>;

// ---- POST /api/drives/{id}/attendance/claim ----------------------------------------------------

/**
 * The walk-in invitation links to the drive page `/app/delive-detail/{id}?claim=<token>`; the page
 * (signed in with the invited email) posts the token to `POST /api/drives/{id}/attendance/claim`.
 */
export const CLAIM_QUERY_PARAM = 'claim';
export const attendanceClaimSchema = z.strictObject({
  token: z
    .string()
    .min(1, ATTENDANCE_MESSAGES.claimInvalid)
    .max(100, ATTENDANCE_MESSAGES.claimInvalid),
});
export type AttendanceClaim = z.infer<typeof attendanceClaimSchema>;
export const attendanceClaimResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ driveId: z.string(), hours: z.number() }),
});

// ---- GET /api/users/me/volunteer-certificate?year=2026 -----------------------------------------

export const volunteerCertificateQuerySchema = z.object({
  year: z.coerce
    .number({ error: ATTENDANCE_MESSAGES.yearInvalid })
    .int(ATTENDANCE_MESSAGES.yearInvalid)
    .min(2000, ATTENDANCE_MESSAGES.yearInvalid)
    .max(9999, ATTENDANCE_MESSAGES.yearInvalid),
});
export type VolunteerCertificateQuery = z.infer<typeof volunteerCertificateQuerySchema>;
/** The web's link: the PDF for a year. */
export const volunteerCertificatePath = (year: number) =>
  `/api/users/me/volunteer-certificate?year=${year}`;
