import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** A solid-colour canvas; the colour varies with the seed so different builds differ in content. */
function canvas(width: number, height: number, seed = 0) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: {
        r: (40 + seed * 37) % 256,
        g: (140 + seed * 11) % 256,
        b: (70 + seed * 23) % 256,
      },
    },
  });
}

/**
 * A real JPEG. `gps` adds EXIF with a camera make and GPS position (IFD3); `orientation` sets the
 * EXIF orientation tag (6 = rotate 90° clockwise to display).
 */
export async function buildJpeg(options: {
  width: number;
  height: number;
  gps?: boolean;
  orientation?: number;
  seed?: number;
}): Promise<Buffer> {
  let image = canvas(options.width, options.height, options.seed).jpeg({ quality: 90 });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'CanopyCam', Model: 'Leaf 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  const data = await image.toBuffer();
  if (options.gps && !hasGpsExif((await sharp(data).metadata()).exif)) {
    throw new Error('buildJpeg: sharp did not write the GPS EXIF the test relies on');
  }
  return data;
}

/** True when an EXIF block points to a GPS IFD (tag 0x8825, either byte order). */
export function hasGpsExif(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

export function buildPng(width: number, height: number, seed = 0): Promise<Buffer> {
  return canvas(width, height, seed).png().toBuffer();
}

export function buildGif(width: number, height: number): Promise<Buffer> {
  return canvas(width, height).gif().toBuffer();
}

export function buildWebp(width: number, height: number): Promise<Buffer> {
  return canvas(width, height).webp().toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A PNG marked as animated (an `acTL` chunk after IHDR), which file-type reports as image/apng. */
export async function buildApng(width: number, height: number): Promise<Buffer> {
  const png = await buildPng(width, height);
  const control = Buffer.alloc(8);
  control.writeUInt32BE(1, 0); // frames
  control.writeUInt32BE(0, 4); // plays: forever
  const afterHeader = 8 + 25;
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk('acTL', control),
    png.subarray(afterHeader),
  ]);
}

/**
 * A decompression bomb: a few hundred bytes whose header declares 20000×20000 (400 MP) greyscale
 * pixels. Only the first row is present, so anything that tries to decode it fails or stalls.
 */
export function buildBombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const firstRow = deflateSync(Buffer.alloc(side + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', firstRow),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Valid JPEG magic bytes followed by garbage: the type check passes, decoding must not. */
export function corruptJpeg(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2048)]);
}

/** Plain text, e.g. to upload under a `.png` name. */
export function textFileBytes(): Buffer {
  return Buffer.from('This is a plain text file pretending to be an image.\n'.repeat(20), 'utf8');
}

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body for `app.inject({ payload, headers })`. */
export function multipartBody(parts: MultipartPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----canopy-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}

/** Text fields of a form: a list repeats its name, `undefined` leaves the field out. */
export type FormFields = Record<string, string | string[] | undefined>;
export type MultipartFile = Extract<MultipartPart, { data: Buffer }>;

/** Sends `fields`, then the optional `file`, as one multipart/form-data request. */
export function injectMultipart(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  fields: FormFields,
  file?: MultipartFile | null,
) {
  const parts: MultipartPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) parts.push({ name, value: v });
  }
  if (file) parts.push(file);
  const body = multipartBody(parts);
  return app.inject({
    method,
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
