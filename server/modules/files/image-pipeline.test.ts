import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { FILE_MESSAGES, IMAGE_UPLOAD } from '../../../contract/files';
import {
  buildApng,
  buildBombPng,
  buildGif,
  buildJpeg,
  buildPng,
  buildWebp,
  corruptJpeg,
  hasGpsExif,
  textFileBytes,
} from '../../../tests/support/images';
import { AppError } from '../../lib/errors';
import { processImage } from './image-pipeline';

async function failure(input: Buffer): Promise<AppError> {
  try {
    await processImage(input);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('processImage should have refused this input');
}

describe('processImage', () => {
  it('re-encodes a JPEG to WebP and drops its EXIF and GPS', async () => {
    const input = await buildJpeg({ width: 120, height: 80, gps: true });
    const before = await sharp(input).metadata();
    expect(hasGpsExif(before.exif)).toBe(true);

    const out = await processImage(input);
    expect(out).toMatchObject({ mime: 'image/webp', width: 120, height: 80 });
    const after = await sharp(out.data).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(out.data.includes(Buffer.from('CanopyCam'))).toBe(false);
  });

  it('applies the EXIF orientation, then forgets it', async () => {
    const out = await processImage(await buildJpeg({ width: 64, height: 48, orientation: 6 }));
    expect([out.width, out.height]).toEqual([48, 64]);
    expect((await sharp(out.data).metadata()).orientation).toBeUndefined();
  });

  it('scales large images into maxSide and never enlarges small ones', async () => {
    const big = await processImage(await buildPng(3000, 1000));
    expect([big.width, big.height]).toEqual([IMAGE_UPLOAD.maxSide, 683]);
    const small = await processImage(await buildPng(10, 7));
    expect([small.width, small.height]).toEqual([10, 7]);
  });

  it.each([
    ['PNG', () => buildPng(30, 20)],
    ['GIF', () => buildGif(30, 20)],
    ['WebP', () => buildWebp(30, 20)],
    ['animated PNG', () => buildApng(30, 20)],
  ])('accepts %s', async (_name, build) => {
    const out = await processImage(await build());
    expect(out).toMatchObject({ mime: 'image/webp', width: 30, height: 20 });
  });

  it('is deterministic, so equal uploads hash equally', async () => {
    const input = await buildPng(50, 50, 3);
    const [a, b] = await Promise.all([processImage(input), processImage(input)]);
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('refuses text, whatever it is called', async () => {
    expect(await failure(textFileBytes())).toMatchObject({
      status: 400,
      message: FILE_MESSAGES.notImage,
    });
  });

  it('refuses types outside the list even when they are images (TIFF)', async () => {
    const tiff = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#fff' },
    })
      .tiff()
      .toBuffer();
    expect(await failure(tiff)).toMatchObject({ status: 400, message: FILE_MESSAGES.notImage });
  });

  it('refuses a decompression bomb from its header, quickly', async () => {
    const bomb = buildBombPng();
    expect(bomb.length).toBeLessThan(2000);
    // Decoding is the slow part, and toBuffer is the pipeline's only decoding step.
    const decode = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      expect(await failure(bomb)).toMatchObject({
        status: 400,
        message: FILE_MESSAGES.tooManyPixels,
      });
      expect(decode).not.toHaveBeenCalled();
    } finally {
      decode.mockRestore();
    }
  });

  it('refuses a JPEG whose body is garbage', async () => {
    expect(await failure(corruptJpeg())).toMatchObject({
      status: 400,
      message: FILE_MESSAGES.unreadable,
    });
  });

  it('refuses a truncated PNG', async () => {
    const png = await buildPng(200, 200, 5);
    expect(await failure(png.subarray(0, 60))).toMatchObject({ status: 400 });
  });

  it('refuses more than 5 MB', async () => {
    const input = Buffer.concat([await buildPng(10, 10), Buffer.alloc(IMAGE_UPLOAD.maxBytes)]);
    expect(await failure(input)).toMatchObject({ status: 413, message: FILE_MESSAGES.tooLarge });
  });
});
