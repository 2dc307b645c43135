import type { ErrorCode } from '../../contract/common';

/** The one error vocabulary: handlers and services throw these; the error plugin turns them into JSON. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string) => new AppError(400, 'BAD_REQUEST', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, 'FORBIDDEN', message);
