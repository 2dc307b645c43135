import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_MESSAGES, IMAGE_UPLOAD } from '../../../contract/files';
import type { ErrorCode } from '../../../contract/common';
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
  /** The bytes of the (first) file sent as `fileField`, or null when none was chosen. */
  file: Buffer | null;
  /** Every file sent as `fileField`, in order (at most `maxFiles`). */
  files: Buffer[];
}

export interface MultipartOptions {
  fileField: string;
  /** How many files `fileField` may carry (default 1). */
  maxFiles?: number;
  /** File problems name `fileField` in the answer (for forms that show errors by field). */
  fileErrorsNameField?: boolean;
  /** Tighter limits than the app-wide ones, for this form. */
  limits?: { fields?: number; parts?: number };
  messages?: { tooManyFiles?: string; wrongFileField?: string };
  /** The answer when a text field is longer than the limit (default: a plain 413). */
  fieldTooLong?: (fieldName: string) => AppError;
}

/** Turns the multipart plugin's and busboy's errors into clear 4xx answers; never a 5xx. */
function toAppError(error: unknown, fileError: FileError, tooManyFiles: string): AppError {
  if (error instanceof AppError) return error;
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileError(413, 'PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
      return fileError(400, 'BAD_REQUEST', tooManyFiles);
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

type FileError = (status: number, code: ErrorCode, message: string) => AppError;

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of stream) {
    // Discarded: the parser only moves to the next part once this one is read.
  }
}

/**
 * Reads a whole multipart/form-data request: text fields (repeated names as arrays) and up to
 * `maxFiles` files, which must arrive under `fileField`. Every problem becomes an AppError
 * (400/413/415); the body is still read to the end, so the connection stays usable. Files are
 * returned as sent; pass them to the files service to check and re-encode them.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: MultipartOptions,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notMultipart);
  }
  const { fileField, maxFiles = 1 } = options;
  const fileError: FileError = (status, code, message) =>
    new AppError(status, code, message, options.fileErrorsNameField ? { field: fileField } : {});
  const tooManyFiles = options.messages?.tooManyFiles ?? MULTIPART_MESSAGES.oneFile;
  const wrongFileField =
    options.messages?.wrongFileField ?? `Please send the image in the "${fileField}" field.`;
  const fields = new Map<string, string[]>();
  const files: Buffer[] = [];
  // The first problem is remembered and the body still read to the end.
  let problem: AppError | null = null;
  try {
    // One file more than allowed is still read, so it gets the "too many" message.
    const parts =
      maxFiles > 1 || options.limits
        ? request.parts({
            limits: { ...MULTIPART_LIMITS, ...options.limits, files: maxFiles + 1 },
          })
        : request.parts();
    for await (const part of parts) {
      if (part.type === 'file') {
        if (problem || part.fieldname !== fileField || files.length >= maxFiles) {
          problem ??= fileError(
            400,
            'BAD_REQUEST',
            files.length >= maxFiles ? tooManyFiles : wrongFileField,
          );
          await drain(part.file);
          continue;
        }
        const data = await part.toBuffer();
        // A browser sends an empty, unnamed file part when no file was chosen.
        if (data.length === 0 && part.filename === '') continue;
        files.push(data);
        continue;
      }
      if (part.fieldnameTruncated) {
        problem ??= new AppError(400, 'BAD_REQUEST', MULTIPART_MESSAGES.badFieldName);
        continue;
      }
      if (part.valueTruncated) {
        problem ??=
          options.fieldTooLong?.(part.fieldname) ??
          new AppError(413, 'PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.fieldTooLong);
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      const values = fields.get(part.fieldname);
      if (values) values.push(value);
      else fields.set(part.fieldname, [value]);
    }
  } catch (error) {
    throw problem ?? toAppError(error, fileError, tooManyFiles);
  }
  if (problem) throw problem;
  return { fields: Object.fromEntries(fields), file: files[0] ?? null, files };
}
