import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Output size of each kind of image; the upload is centre-cropped to that ratio. */
export const IMAGE_FORMATS = {
  eventBanner: { width: 1500, height: 900 }, // 5:3, as the spec asks
  profileBanner: { width: 1500, height: 500 },
  profilePhoto: { width: 400, height: 400 },
} as const;
export type ImageKind = keyof typeof IMAGE_FORMATS;

export class InvalidImageError extends Error {}

/**
 * Accepts a PNG or JPEG by its content (never by its name), then re-encodes it at the kind's
 * size: the stored file is always a clean image of ours, without the upload's metadata.
 */
export async function processImage(data: Buffer, kind: ImageKind): Promise<{ data: Buffer; extension: 'png' | 'jpg' }> {
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    throw new InvalidImageError('not an image');
  }
  if (format !== 'png' && format !== 'jpeg') throw new InvalidImageError(`format ${format} refused`);
  const { width, height } = IMAGE_FORMATS[kind];
  const pipeline = sharp(data).rotate().resize({ width, height, fit: 'cover', position: 'attention' });
  try {
    if (format === 'png') return { data: await pipeline.png({ compressionLevel: 9 }).toBuffer(), extension: 'png' };
    return { data: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), extension: 'jpg' };
  } catch {
    throw new InvalidImageError('unreadable image');
  }
}

/** A new key for each upload, so that a replaced image never hits a stale cache. */
export function imageKey(folder: string, ownerId: string, kind: ImageKind, extension: 'png' | 'jpg'): string {
  const slug = kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `${folder}/${ownerId}/${slug}-${randomUUID()}.${extension}`;
}

export function imageUrl(key: string | null): string | null {
  return key ? `/api/images/${key}` : null;
}
