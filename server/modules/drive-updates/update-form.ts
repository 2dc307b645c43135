import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../../contract/common';
import {
  DRIVE_UPDATE_LIMITS,
  DRIVE_UPDATE_MESSAGES,
  DRIVE_UPDATE_PHOTO_FIELD,
  DRIVE_UPDATE_TEXT_FIELD,
  driveUpdateFormSchema,
  type DriveUpdateForm,
} from '../../../contract/drive-updates';
import { FILE_MESSAGES, IMAGE_UPLOAD } from '../../../contract/files';
import { AppError, fieldError } from '../../lib/errors';
import { MULTIPART_LIMITS, MULTIPART_MESSAGES } from '../files/multipart';

/** An update as the service takes it: the parsed text and each photo's bytes as sent. */
export interface UpdateInput {
  form: DriveUpdateForm;
  photos: Buffer[];
}

const photoError = (status: number, code: ErrorCode, message: string) =>
  new AppError(status, code, message, { field: DRIVE_UPDATE_PHOTO_FIELD });

/**
 * The multipart plugin's and busboy's errors as clear 4xx answers (as files/multipart.ts does for
 * one image), naming the photos field where a photo is at fault.
 */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return photoError(413, 'PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
      return photoError(400, 'BAD_REQUEST', DRIVE_UPDATE_MESSAGES.tooManyPhotos);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.tooManyFields);
    case 'FST_PROTO_VIOLATION':
      return new AppError(400, 'BAD_REQUEST', MULTIPART_MESSAGES.badFieldName);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notMultipart);
    default:
      return new AppError(400, 'BAD_REQUEST', MULTIPART_MESSAGES.malformed);
  }
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // Discarded: the parser only moves on once this part is read.
  }
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
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notMultipart);
  let text: string | undefined;
  const photos: Buffer[] = [];
  let problem: AppError | null = null;
  try {
    // One file more than allowed is still read, so five photos get the "at most 4" message.
    const parts = request.parts({
      limits: {
        ...MULTIPART_LIMITS,
        fileSize: IMAGE_UPLOAD.maxBytes,
        files: DRIVE_UPDATE_LIMITS.photosMax + 1,
        fields: 10,
        parts: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (problem || part.fieldname !== DRIVE_UPDATE_PHOTO_FIELD) {
          problem ??= photoError(400, 'BAD_REQUEST', DRIVE_UPDATE_MESSAGES.photoField);
          await drain(part.file);
          continue;
        }
        const data = await part.toBuffer();
        // A browser sends an empty, unnamed file part when no file was chosen.
        if (data.length === 0 && part.filename === '') continue;
        photos.push(data);
        if (photos.length > DRIVE_UPDATE_LIMITS.photosMax)
          problem ??= photoError(400, 'BAD_REQUEST', DRIVE_UPDATE_MESSAGES.tooManyPhotos);
        continue;
      }
      if (part.fieldnameTruncated) {
        problem ??= new AppError(400, 'BAD_REQUEST', MULTIPART_MESSAGES.badFieldName);
        continue;
      }
      if (part.fieldname !== DRIVE_UPDATE_TEXT_FIELD) continue;
      if (part.valueTruncated) {
        // Longer than any 2,000 characters can be.
        problem ??= fieldError(DRIVE_UPDATE_TEXT_FIELD, DRIVE_UPDATE_MESSAGES.textTooLong);
        continue;
      }
      text ??= typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
    }
  } catch (error) {
    throw problem ?? toAppError(error);
  }
  if (problem) throw problem;
  return { form: parseUpdateForm(text), photos };
}
