import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse } from '../../contract/common';
import { AppError } from '../lib/errors';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

// Fastify's own client-error messages are written for developers; these are for people.
const FRIENDLY_BY_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This kind of content is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request size does not match its content.',
};

// PostgreSQL refuses text with a NUL or a byte its encoding lacks (SQLite stores it): bad input.
const POSTGRES_BAD_TEXT = new Set(['22021', '22P05']);

function errorBody(code: ErrorCode, message: string, field?: string): ErrorResponse {
  return field ? { success: false, message, code, field } : { success: false, message, code };
}

/** The one error handler: `{ success:false, message, code }`; 5xx details go to the log only. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply
        .code(error.status)
        .headers(error.headers)
        .send(errorBody(error.code, error.message, error.field));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message ?? 'Invalid input data';
      return reply.code(400).send(errorBody('VALIDATION_FAILED', message));
    }
    if ('code' in error && POSTGRES_BAD_TEXT.has(String(error.code)))
      return reply
        .code(400)
        .send(errorBody('BAD_REQUEST', 'The request contains characters that cannot be stored.'));
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const fastifyCode = 'code' in error && typeof error.code === 'string' ? error.code : '';
      const message = FRIENDLY_BY_FASTIFY_CODE[fastifyCode] ?? error.message ?? 'Bad request';
      return reply.code(status).send(errorBody(CODE_BY_STATUS[status] ?? 'BAD_REQUEST', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(status >= 500 && status < 600 ? status : 500)
      .send(
        errorBody('INTERNAL', 'Something went wrong on our side. Please try again in a moment.'),
      );
  });
}

export function apiNotFound(): ErrorResponse {
  return errorBody('NOT_FOUND', 'No such API endpoint.');
}
