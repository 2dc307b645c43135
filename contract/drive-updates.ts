import { z } from 'zod';
import { FILE_MESSAGES } from './files';

/** Field updates on a drive (issue 19 §6): a short text and a few photos from the field. */
export const DRIVE_UPDATE_LIMITS = {
  textMax: 2000,
  photosMax: 4,
  /** A page of the list unless `limit` says otherwise (at most 100). */
  pageSize: 20,
} as const;

/** The multipart fields of `POST /api/drives/{id}/updates`: the text, and each photo as `photos`. */
export const DRIVE_UPDATE_TEXT_FIELD = 'text';
export const DRIVE_UPDATE_PHOTO_FIELD = 'photos';

/** Who posted: the drive's organiser, an owner or admin of its organisation's team, a supplying nursery. */
export const DRIVE_UPDATE_ROLES = ['organiser', 'team', 'nursery'] as const;
export type DriveUpdateRole = (typeof DRIVE_UPDATE_ROLES)[number];

export const DRIVE_UPDATE_ROLE_LABELS: Record<DriveUpdateRole, string> = {
  organiser: 'Organiser',
  team: 'Organiser’s team',
  nursery: 'Supplying nursery',
};

export const DRIVE_UPDATE_MESSAGES = {
  textRequired: 'Please write what happened at the drive.',
  textTooLong: 'An update can be at most 2,000 characters.',
  tooManyPhotos: 'Please add at most 4 photos to an update.',
  photoField: 'Please send the photos in the "photos" field.',
  photoHint: `Up to 4 photos. ${FILE_MESSAGES.hint}`,
  notAllowed:
    'Only the drive’s organiser, their team’s owners and admins, and a nursery that supplied the drive can post updates.',
  badCursor: 'That page of updates is not available; please reload the list.',
  posted: 'Your update was posted.',
  postFailed: 'The update could not be posted just now. Please try again.',
} as const;

/** The text of an update as sent (the photos travel beside it as files). */
export const driveUpdateFormSchema = z.object({
  text: z
    .string({ error: DRIVE_UPDATE_MESSAGES.textRequired })
    .trim()
    .min(1, DRIVE_UPDATE_MESSAGES.textRequired)
    .max(DRIVE_UPDATE_LIMITS.textMax, DRIVE_UPDATE_MESSAGES.textTooLong),
});
export type DriveUpdateForm = z.infer<typeof driveUpdateFormSchema>;

/** Whether this many photos may go with one update (the form checks before sending). */
export const photoCountProblem = (count: number): string | undefined =>
  count > DRIVE_UPDATE_LIMITS.photosMax ? DRIVE_UPDATE_MESSAGES.tooManyPhotos : undefined;

export const driveUpdatePhotoSchema = z.object({
  id: z.string(),
  /** `/api/files/{id}` */
  url: z.string(),
});

export const driveUpdateSchema = z.object({
  id: z.string(),
  driveId: z.string(),
  author: z.object({ id: z.string(), name: z.string() }),
  role: z.enum(DRIVE_UPDATE_ROLES),
  text: z.string(),
  photos: z.array(driveUpdatePhotoSchema),
  createdAt: z.string(),
});
export type DriveUpdate = z.infer<typeof driveUpdateSchema>;

export const driveUpdateListQuerySchema = z.object({
  /** The `nextCursor` of the previous page: updates older than its last one. */
  before: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 100.')
    .max(100, 'limit must be between 1 and 100.')
    .default(DRIVE_UPDATE_LIMITS.pageSize),
});
export type DriveUpdateListQuery = z.infer<typeof driveUpdateListQuerySchema>;

export const driveUpdateListResponseSchema = z.object({
  success: z.literal(true),
  /** Newest first. */
  data: z.array(driveUpdateSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Whether the caller may post an update to this drive. */
  canPost: z.boolean(),
});
export type DriveUpdateList = z.infer<typeof driveUpdateListResponseSchema>;

export const driveUpdateCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: driveUpdateSchema,
});

/** Where the updates show in the app (the notices link here). */
export const DRIVE_UPDATES_ANCHOR = 'field-updates';
export const driveUpdatesPath = (driveId: string) =>
  `/app/delive-detail/${encodeURIComponent(driveId)}#${DRIVE_UPDATES_ANCHOR}`;
