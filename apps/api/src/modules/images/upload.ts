import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { ImageStore } from '../../storage/image-store';
import {
  bannerVariantKey,
  type ImageKind,
  InvalidImageError,
  imageKey,
  MAX_IMAGE_BYTES,
  processImage,
} from './processing';

/**
 * Reads the `file` field of a multipart upload, checks and re-encodes it, and stores it.
 * Any refusal (not an image, too large, no file) is answered with `failureMessage`, the
 * screen's own French text. Returns the new key; the caller records it and deletes the old one.
 */
export async function receiveImage(
  request: FastifyRequest,
  store: ImageStore,
  target: { folder: string; ownerId: string; kind: ImageKind },
  failureMessage: string,
): Promise<string> {
  const refuse = (code: string, status = 400) => new AppError(code, failureMessage, status, 'file');
  if (!request.isMultipart()) throw refuse('NOT_MULTIPART', 415);
  const part = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
  if (part?.fieldname !== 'file') throw refuse('NO_FILE');
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch {
    throw refuse('IMAGE_TOO_LARGE', 413);
  }
  if (part.file.truncated) throw refuse('IMAGE_TOO_LARGE', 413);
  try {
    const image = await processImage(buffer, target.kind);
    const key = imageKey(target.folder, target.ownerId, target.kind, image.extension);
    await store.put(key, image.data);
    for (const variant of image.variants) await store.put(bannerVariantKey(key, variant.width), variant.data);
    return key;
  } catch (error) {
    if (error instanceof InvalidImageError) throw refuse('INVALID_IMAGE');
    throw error;
  }
}
