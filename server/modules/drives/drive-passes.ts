import { createHmac, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';

/** Crockford's base32: no I, L, O or U, so a printed code reads back unambiguously. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 characters of 5 bits: 80 bits of an HMAC-SHA-256, in four groups of four. */
const CODE_CHARS = 16;

/**
 * Drive passes (issue 21 §1): a participant's code is an HMAC of the drive and the person under a
 * key derived from the server's session secret, so it cannot be guessed or made for another drive
 * or person, needs no storage, and reads back to its holder by comparing the drive's participants'
 * codes (a few hundred HMACs at most). 80 bits: short enough to type from a printout.
 */
export function drivePasses(secret: string) {
  const key = createHmac('sha256', secret).update('canopy drive pass v1').digest();

  function codeFor(driveId: string, userId: string): string {
    const mac = createHmac('sha256', key).update(`${driveId}\n${userId}`).digest();
    let bits = 0;
    let value = 0;
    let out = '';
    for (const byte of mac) {
      value = (value << 8) | byte;
      bits += 8;
      while (bits >= 5 && out.length < CODE_CHARS) {
        out += ALPHABET[(value >>> (bits - 5)) & 31];
        bits -= 5;
      }
      if (out.length === CODE_CHARS) break;
      value &= (1 << bits) - 1;
    }
    return out.match(/.{4}/g)!.join('-');
  }

  return {
    codeFor,
    /** Whose pass `code` (normalised, contract `normalisePassCode`) is among `candidates`, if anyone's. */
    holderOf(driveId: string, code: string, candidates: Iterable<string>): string | undefined {
      const given = Buffer.from(code);
      for (const userId of candidates) {
        const expected = Buffer.from(codeFor(driveId, userId));
        if (expected.length === given.length && timingSafeEqual(expected, given)) return userId;
      }
      return undefined;
    },
  };
}
export type DrivePasses = ReturnType<typeof drivePasses>;

/** The QR code of a pass as SVG (the drive page, printable). */
export const passQrSvg = (code: string) =>
  QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The QR code of a pass as PNG (attached to the reminder mail). */
export const passQrPng = (code: string) =>
  QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
