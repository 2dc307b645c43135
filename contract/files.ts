import { z } from 'zod';

/** Upload limits of the one image pipeline (avatars, drive images, tree photos). */
export const IMAGE_UPLOAD = {
  maxBytes: 5 * 1024 * 1024,
  /** Decoded pixel cap: refuses decompression bombs before they are decoded. */
  maxPixels: 40_000_000,
  /** Longest side after re-encoding; larger images are scaled down. */
  maxSide: 2048,
  acceptedMimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  /** For `<input type="file" accept>`: the server still checks the bytes. */
  accept: 'image/jpeg,image/png,image/webp,image/gif',
} as const;

export const FILE_MESSAGES = {
  /** The hint under an image field. */
  hint: 'JPEG, PNG, WebP or GIF, up to 5 MB.',
  missing: 'Please choose an image to upload.',
  notImage: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
  tooLarge: 'That image is larger than 5 MB. Please choose a smaller one.',
  tooManyPixels: 'That image has too many pixels. Please choose one under 40 megapixels.',
  unreadable: 'That image could not be read. It may be damaged; please try another.',
} as const;

/** A stored image as the API describes it. */
export const storedFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredFileInfo = z.infer<typeof storedFileSchema>;

/** Every stored file is served at `/api/files/{id}`. */
export const fileUrl = (id: string) => `/api/files/${id}`;
export const fileParamsSchema = z.object({
  id: z.string().regex(/^[a-f0-9]{64}$/, 'No such file.'),
});
