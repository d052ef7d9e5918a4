import { randomUUID } from 'node:crypto';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Output size of each kind of image. Profile images are centre-cropped to their ratio; an event's
 * banner is the organiser's flyer and is kept whole, within 1500 × 900 (the page shows it in a
 * 5:3 box, letterboxed when its ratio differs: cropping cut the text of flyers).
 */
const IMAGE_FORMATS = {
  eventBanner: { width: 1500, height: 900, fit: 'inside' }, // 5:3, as the spec asks
  profileBanner: { width: 1500, height: 500, fit: 'cover' },
  profilePhoto: { width: 400, height: 400, fit: 'cover' },
} as const;
export type ImageKind = keyof typeof IMAGE_FORMATS;

/**
 * Widths of the WebP copies made once per banner upload, for `srcset`: a phone's card (~360 px at
 * 1×), a card at 2× or a phone's page, a wide page. The widest is the stored original.
 */
const BANNER_WIDTHS = [400, 800, 1200] as const;

/** A banner stored with its WebP copies (`…/event-flyer-<uuid>.jpg` beside `…-w400.webp` …). */
const FLYER = /\/event-flyer-[0-9a-f-]+\.(png|jpg)$/;

export function bannerVariantKey(key: string, width: number): string {
  return key.replace(/\.(png|jpg)$/, `-w${width}.webp`);
}

/** The keys of an image and of its copies, to delete them together. */
export function imageKeysOf(key: string): string[] {
  return FLYER.test(key) ? [key, ...BANNER_WIDTHS.map((width) => bannerVariantKey(key, width))] : [key];
}

/** The `srcset` of a banner, or null for an image stored before its copies were made. */
export function bannerSrcset(key: string | null): string | null {
  if (!key || !FLYER.test(key)) return null;
  return BANNER_WIDTHS.map((width) => `/api/images/${bannerVariantKey(key, width)} ${width}w`).join(', ');
}

/** The same, in SQL, for the list that PostgreSQL serialises itself (`column` is trusted SQL). */
export const BANNER_SRCSET_SQL = (column: string) =>
  `case when ${column} ~ '/event-flyer-[0-9a-f-]+\\.(png|jpg)$' then ${BANNER_WIDTHS.map(
    (width) => `'/api/images/' || regexp_replace(${column}, '\\.(png|jpg)$', '-w${width}.webp') || ' ${width}w'`,
  ).join(" || ', ' || ")} end`;

export class InvalidImageError extends Error {}

/**
 * Accepts a PNG or JPEG by its content (never by its name), then re-encodes it at the kind's
 * size: the stored file is always a clean image of ours, without the upload's metadata.
 */
type ProcessedImage = {
  data: Buffer;
  extension: 'png' | 'jpg';
  /** An event banner's WebP copies, one per BANNER_WIDTHS. */
  variants: { width: number; data: Buffer }[];
};

export async function processImage(data: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  // Loaded at the first image: libvips is about 20 MB of a process that may never receive one.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    throw new InvalidImageError('not an image');
  }
  if (format !== 'png' && format !== 'jpeg') throw new InvalidImageError(`format ${format} refused`);
  const { width, height, fit } = IMAGE_FORMATS[kind];
  const resize = (w: number, h: number) =>
    sharp(data)
      .rotate()
      .resize({ width: w, height: h, fit, position: 'attention', withoutEnlargement: fit === 'inside' });
  try {
    const pipeline = resize(width, height);
    const main =
      format === 'png'
        ? { data: await pipeline.png({ compressionLevel: 9 }).toBuffer(), extension: 'png' as const }
        : { data: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), extension: 'jpg' as const };
    const variants =
      kind === 'eventBanner'
        ? await Promise.all(
            BANNER_WIDTHS.map(async (w) => ({
              width: w,
              data: await resize(w, Math.round((w * height) / width))
                .webp({ quality: 78 })
                .toBuffer(),
            })),
          )
        : [];
    return { ...main, variants };
  } catch {
    throw new InvalidImageError('unreadable image');
  }
}

/** A new key for each upload, so that a replaced image never hits a stale cache. */
export function imageKey(folder: string, ownerId: string, kind: ImageKind, extension: 'png' | 'jpg'): string {
  // An event banner is named "event-flyer": the name that says its WebP copies exist.
  const slug = kind === 'eventBanner' ? 'event-flyer' : kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `${folder}/${ownerId}/${slug}-${randomUUID()}.${extension}`;
}

export function imageUrl(key: string | null): string | null {
  return key ? `/api/images/${key}` : null;
}
