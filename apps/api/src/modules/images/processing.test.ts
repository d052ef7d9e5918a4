import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bannerSrcset, InvalidImageError, processImage } from './processing';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#7048e8' } })
    .png()
    .toBuffer();

describe('image processing', () => {
  it('keeps an event banner whole (no cropping of the flyer), with its WebP copies, keeping the PNG format', async () => {
    const result = await processImage(await png(1000, 1000), 'eventBanner');
    const meta = await sharp(result.data).metadata();
    expect(result.extension).toBe('png');
    expect([meta.width, meta.height]).toEqual([900, 900]);
    const wide = await processImage(await png(3000, 1800), 'eventBanner');
    const wideMeta = await sharp(wide.data).metadata();
    expect([wideMeta.width, wideMeta.height]).toEqual([1500, 900]);
    const copies = await Promise.all(wide.variants.map(async (variant) => sharp(variant.data).metadata()));
    expect(copies.map((copy) => [copy.format, copy.width, copy.height])).toEqual([
      ['webp', 400, 240],
      ['webp', 800, 480],
      ['webp', 1200, 720],
    ]);
    expect(bannerSrcset('events/e/event-flyer-0a1b.jpg')).toBe(
      '/api/images/events/e/event-flyer-0a1b-w400.webp 400w, /api/images/events/e/event-flyer-0a1b-w800.webp 800w, /api/images/events/e/event-flyer-0a1b-w1200.webp 1200w',
    );
    expect(bannerSrcset('events/e/event-banner-0a1b.jpg')).toBeNull();
  });

  it('re-encodes a JPEG as a square profile photo', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const result = await processImage(jpeg, 'profilePhoto');
    expect(result.extension).toBe('jpg');
    expect((await sharp(result.data).metadata()).width).toBe(400);
  });

  it('judges by content: a text file named .png and a GIF are refused', async () => {
    await expect(processImage(Buffer.from('not an image at all'), 'eventBanner')).rejects.toBeInstanceOf(
      InvalidImageError,
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(processImage(gif, 'eventBanner')).rejects.toBeInstanceOf(InvalidImageError);
  });
});
