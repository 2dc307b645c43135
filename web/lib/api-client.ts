import type { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '../../contract/idempotency';
import { localizeMessage } from '../i18n/contract-messages';
import { takeEarlyResponse } from './early-requests';
import { clearSession, getToken } from './session';

/** A failed API call: the server's message for people and its stable code for programs. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    /** The form field the server named as at fault (`field` in its error answer), if any. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const TIMEOUT_MS = 10_000;

let onSessionEnded = () => {
  const from = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/login?from=${encodeURIComponent(from)}`);
};
/** The router installs a navigation that keeps the app loaded; the default reloads. */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, except FormData, which the browser sends as multipart with its own boundary. */
  body?: unknown;
  /** The contract schema of the answer; a response that does not match is an error, not data. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** A field write's client id (issue 24): a repeat of it gets the first answer. */
  idempotencyKey?: string;
}

/** The one HTTP client of the web app. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const token = getToken();
  if (token) headers['x-auth-token'] = token;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  let response: Response;
  // A GET the page's inline script already started (early-requests.ts): its answer, once.
  const early = (options.method ?? 'GET') === 'GET' ? takeEarlyResponse(path, token) : undefined;
  try {
    response = await (early
      ? untilAborted(early, signal)
      : fetch(path, {
          method: options.method ?? 'GET',
          headers,
          body:
            options.body === undefined
              ? undefined
              : isForm
                ? (options.body as FormData)
                : JSON.stringify(options.body),
          signal,
        }));
  } catch {
    throw new ApiError(0, localizeMessage('No response received from server.'), 'NETWORK');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  checkResponse(response, payload, token);
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success)
    throw new ApiError(
      response.status,
      localizeMessage('The server sent an unexpected answer.'),
      'BAD_RESPONSE',
    );
  return parsed.data;
}

/** The answer, or a rejection once the signal aborts (an early answer has no signal of its own). */
function untilAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    answer.then(resolve, reject);
  });
}

/** Ends the session on a 401 and turns a refusal into an ApiError with the server's message. */
function checkResponse(response: Response, payload: unknown, token: string | null): void {
  if (response.status === 401 && token) {
    // The session is no longer valid anywhere: forget it and sign in again, coming back here after.
    clearSession();
    onSessionEnded();
  }
  if (!response.ok) {
    const body = (payload ?? {}) as { message?: unknown; code?: unknown; field?: unknown };
    throw new ApiError(
      response.status,
      localizeMessage(
        typeof body.message === 'string' ? body.message : 'Something went wrong. Please try again.',
      ),
      typeof body.code === 'string' ? body.code : 'UNKNOWN',
      typeof body.field === 'string' ? body.field : undefined,
    );
  }
}

/** The file name from a Content-Disposition header (`attachment; filename="x.ics"`), if any. */
export function attachmentName(header: string | null): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * Downloads a file that needs the session header (so a plain link cannot fetch it): fetch → Blob →
 * a temporary object URL clicked as `<a download>`. Saved under the server's Content-Disposition
 * name, else `fallbackName`; with `{ filename }`, always under that name. Resolves with the name.
 */
export async function apiDownload(
  path: string,
  fallbackName: string,
  options: { filename?: string } = {},
): Promise<string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers['x-auth-token'] = token;
  let response: Response;
  try {
    response = await fetch(path, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ApiError(0, localizeMessage('No response received from server.'), 'NETWORK');
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    checkResponse(response, payload, token);
  }
  const blob = await response.blob();
  const filename =
    options.filename ?? attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return filename;
}

const FAILURE_FALLBACK = 'Something went wrong. Please try again.';

/** What to tell people about a failed call: the server's own message whenever it sent one. */
export function failureMessage(error: unknown, fallback = FAILURE_FALLBACK): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return 'No response received from server.';
  if (error.code === 'BAD_RESPONSE') return fallback;
  return error.message || fallback;
}
