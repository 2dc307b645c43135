import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_MESSAGES, IMAGE_UPLOAD } from '../../../contract/files';
import { AppError } from '../../lib/errors';

/** Limits for every multipart form: one image plus a form's worth of short text fields. */
export const MULTIPART_LIMITS = {
  fileSize: IMAGE_UPLOAD.maxBytes,
  files: 1,
  fields: 50,
  fieldSize: 10 * 1024,
  parts: 60,
} as const;

export const MULTIPART_MESSAGES = {
  notMultipart: 'Please send this form as multipart/form-data.',
  oneFile: 'Please upload one image at a time.',
  tooManyFields: 'This form has too many fields.',
  fieldTooLong: 'A form field is too long.',
  badFieldName: 'This form has a field name that is not allowed.',
  malformed: 'The upload was incomplete or malformed. Please try again.',
} as const;

/** Registers @fastify/multipart with the limits above; JSON bodies keep Fastify's own bodyLimit. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { ...MULTIPART_LIMITS }, throwFileSizeLimit: true });
}

export interface MultipartForm {
  /** Every text field; a repeated name collects all its values in order. */
  fields: Record<string, string[]>;
  /** The bytes of the file sent as `fileField`, or null when none was chosen. */
  file: Buffer | null;
}

const unexpectedFile = (fileField: string) =>
  new AppError(400, 'BAD_REQUEST', `Please send the image in the "${fileField}" field.`);

/** Turns the multipart plugin's and busboy's errors into clear 4xx answers; never a 5xx. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError(400, 'BAD_REQUEST', MULTIPART_MESSAGES.oneFile);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.tooManyFields);
    case 'FST_PROTO_VIOLATION':
      return new AppError(400, 'BAD_REQUEST', MULTIPART_MESSAGES.badFieldName);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notMultipart);
    default:
      // Busboy's own errors (no boundary, truncated body, bad part headers) are the client's.
      return new AppError(400, 'BAD_REQUEST', MULTIPART_MESSAGES.malformed);
  }
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // Discarded: the parser only moves to the next part once this one is read.
  }
}

/**
 * Reads a whole multipart/form-data request: text fields (repeated names as arrays) and at most
 * one file, which must arrive under `fileField`. Every problem becomes an AppError (400/413/415).
 * The file is returned as sent; pass it to `files.storeImage` to check and re-encode it.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { fileField: string },
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notMultipart);
  }
  const fields = new Map<string, string[]>();
  let file: Buffer | null = null;
  let sawFile = false;
  // The first problem is remembered and the body still read to the end, so the connection stays usable.
  let problem: AppError | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (problem || sawFile || part.fieldname !== options.fileField) {
          problem ??= sawFile
            ? new AppError(400, 'BAD_REQUEST', MULTIPART_MESSAGES.oneFile)
            : unexpectedFile(options.fileField);
          await drain(part.file);
          continue;
        }
        sawFile = true;
        const data = await part.toBuffer();
        // A browser sends an empty, unnamed file part when no file was chosen.
        file = data.length === 0 && part.filename === '' ? null : data;
        continue;
      }
      if (part.fieldnameTruncated) {
        problem ??= new AppError(400, 'BAD_REQUEST', MULTIPART_MESSAGES.badFieldName);
        continue;
      }
      if (part.valueTruncated) {
        problem ??= new AppError(413, 'PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.fieldTooLong);
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      const values = fields.get(part.fieldname);
      if (values) values.push(value);
      else fields.set(part.fieldname, [value]);
    }
  } catch (error) {
    throw problem ?? toAppError(error);
  }
  if (problem) throw problem;
  return { fields: Object.fromEntries(fields), file };
}
