import type { ErrorCode } from '../../contract/common';

export interface AppErrorOptions {
  /** The form field at fault; forms show the message beside it. */
  field?: string;
  /** Extra response headers (e.g. `retry-after`). */
  headers?: Record<string, string>;
}

/** The one error vocabulary: handlers and services throw these; the error plugin turns them into JSON. */
export class AppError extends Error {
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.field = options.field;
    this.headers = options.headers ?? {};
  }
}

/** Invalid input in one form field: 400 with the field named, the same for every module. */
export const fieldError = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { field });

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string) => new AppError(400, 'BAD_REQUEST', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, 'FORBIDDEN', message);
