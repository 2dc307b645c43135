import type { z } from 'zod';
import { clearSession, getToken } from './session';

/** A failed API call: the server's message for people and its stable code for programs. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
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
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal,
    });
  } catch {
    throw new ApiError(0, 'No response received from server.', 'NETWORK');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.status === 401 && token) {
    // The session is no longer valid anywhere: forget it and sign in again, coming back here after.
    clearSession();
    onSessionEnded();
  }
  if (!response.ok) {
    const body = (payload ?? {}) as { message?: unknown; code?: unknown };
    throw new ApiError(
      response.status,
      typeof body.message === 'string' ? body.message : 'Something went wrong. Please try again.',
      typeof body.code === 'string' ? body.code : 'UNKNOWN',
    );
  }
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success)
    throw new ApiError(response.status, 'The server sent an unexpected answer.', 'BAD_RESPONSE');
  return parsed.data;
}
