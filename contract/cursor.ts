import { z } from 'zod';

/**
 * Keyset cursors as clients hold them (issue 20): base64url of a small JSON array, opaque to
 * clients. Each list says what its array holds and checks it when decoding.
 */
const CURSOR_MAX = 300;

export function encodeCursor(values: ReadonlyArray<string | number | null>): string {
  return btoa(JSON.stringify(values)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The array a token stands for; undefined when it is not a cursor at all. */
export function decodeCursor(token: string): unknown[] | undefined {
  if (token.length === 0 || token.length > CURSOR_MAX || !/^[A-Za-z0-9_-]+$/.test(token))
    return undefined;
  try {
    const value: unknown = JSON.parse(atob(token.replace(/-/g, '+').replace(/_/g, '/')));
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** An instant as the database stores it (ISO 8601, UTC). */
export const isInstant = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));

/** A row id as the API names it. */
export const isRowId = (v: unknown): v is string =>
  typeof v === 'string' && v.length >= 1 && v.length <= 64;

/**
 * An optional query field holding a cursor token: decoded by `decode` into its position, a 400
 * with `message` when it is not one.
 */
export const cursorField = <T>(decode: (token: string) => T | undefined, message: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || decode(v) !== undefined, message)
    .transform((v) => (v === undefined ? undefined : decode(v)));
