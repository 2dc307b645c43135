import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { FILE_MESSAGES, IMAGE_UPLOAD } from '../../../contract/files';
import { AppError } from '../../lib/errors';

export interface ProcessedImage {
  data: Buffer;
  mime: 'image/webp';
  width: number;
  height: number;
}

const accepted: readonly string[] = IMAGE_UPLOAD.acceptedMimeTypes;
const WEBP_QUALITY = 82;

const notImage = () => new AppError(400, 'BAD_REQUEST', FILE_MESSAGES.notImage);
const tooManyPixels = () => new AppError(400, 'BAD_REQUEST', FILE_MESSAGES.tooManyPixels);
const unreadable = () => new AppError(400, 'BAD_REQUEST', FILE_MESSAGES.unreadable);

/**
 * The one image pipeline: checks the real type by magic bytes, refuses decompression bombs from
 * the header alone, applies EXIF orientation, scales into maxSide and re-encodes to WebP, which
 * drops every piece of metadata (EXIF, GPS, XMP, ICC) the upload carried.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > IMAGE_UPLOAD.maxBytes) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', FILE_MESSAGES.tooLarge);
  }
  const type = await fileTypeFromBuffer(input);
  // An animated PNG is still a PNG; its first frame is the picture.
  const mime = type?.mime === 'image/apng' ? 'image/png' : type?.mime;
  if (!mime || !accepted.includes(mime)) throw notImage();

  // Header only: the declared size is checked before a single pixel is decoded.
  let declared: Metadata;
  try {
    declared = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const frameHeight = declared.pageHeight ?? declared.height;
  if (!declared.width || !frameHeight) throw unreadable();
  if (declared.width * frameHeight > IMAGE_UPLOAD.maxPixels) throw tooManyPixels();

  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: IMAGE_UPLOAD.maxPixels,
      // Animated GIF/WebP: the first frame is the picture.
      pages: 1,
    })
      .rotate()
      .resize({
        width: IMAGE_UPLOAD.maxSide,
        height: IMAGE_UPLOAD.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, mime: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unreadable();
  }
}
