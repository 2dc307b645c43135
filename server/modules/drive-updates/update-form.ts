import type { FastifyRequest } from 'fastify';
import {
  DRIVE_UPDATE_LIMITS,
  DRIVE_UPDATE_MESSAGES,
  DRIVE_UPDATE_PHOTO_FIELD,
  DRIVE_UPDATE_TEXT_FIELD,
  driveUpdateFormSchema,
  type DriveUpdateForm,
} from '../../../contract/drive-updates';
import { AppError, fieldError } from '../../lib/errors';
import { MULTIPART_MESSAGES, readMultipart } from '../files/multipart';

/** An update as the service takes it: the parsed text and each photo's bytes as sent. */
export interface UpdateInput {
  form: DriveUpdateForm;
  photos: Buffer[];
}

/** Parses the text with the contract's schema; the first problem names its field. */
export function parseUpdateForm(text: string | undefined): DriveUpdateForm {
  const parsed = driveUpdateFormSchema.safeParse({ text });
  if (parsed.success) return parsed.data;
  throw fieldError(
    DRIVE_UPDATE_TEXT_FIELD,
    parsed.error.issues[0]?.message ?? DRIVE_UPDATE_MESSAGES.textRequired,
  );
}

/**
 * Reads `POST /api/drives/{id}/updates`: the `text` field and up to four files under `photos`
 * (5 MB each). The whole body is read even after a problem, so the connection stays usable; the
 * first problem is the answer. Photos are returned as sent (the image pipeline checks them).
 */
export async function readUpdateForm(request: FastifyRequest): Promise<UpdateInput> {
  const { fields, files } = await readMultipart(request, {
    fileField: DRIVE_UPDATE_PHOTO_FIELD,
    maxFiles: DRIVE_UPDATE_LIMITS.photosMax,
    fileErrorsNameField: true,
    limits: { fields: 10, parts: 20 },
    messages: {
      tooManyFiles: DRIVE_UPDATE_MESSAGES.tooManyPhotos,
      wrongFileField: DRIVE_UPDATE_MESSAGES.photoField,
    },
    // Longer than any 2,000 characters can be.
    fieldTooLong: (name) =>
      name === DRIVE_UPDATE_TEXT_FIELD
        ? fieldError(DRIVE_UPDATE_TEXT_FIELD, DRIVE_UPDATE_MESSAGES.textTooLong)
        : new AppError(413, 'PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.fieldTooLong),
  });
  return { form: parseUpdateForm(fields[DRIVE_UPDATE_TEXT_FIELD]?.[0]), photos: files };
}
