import { randomBytes } from 'node:crypto';

/** The last millisecond an id was made for, and the counter within it (RFC 9562, method 1). */
let lastMs = -1;
let sequence = 0;

/**
 * UUIDv7: time-ordered, so primary-key indexes stay append-mostly on both databases. Ids made in
 * one millisecond by this process count up in their 12 `rand_a` bits, so "newest first" by
 * (time, id) is the order they were made in; the remaining 62 bits stay random.
 */
export function newId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  if (now === lastMs && sequence < 0xfff) sequence++;
  else {
    lastMs = now;
    sequence = 0;
  }
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
