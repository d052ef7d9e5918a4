import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { InvalidImageError, processImage } from './processing';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#7048e8' } })
    .png()
    .toBuffer();

describe('image processing', () => {
  it('crops an event banner to 5:3, keeping the PNG format', async () => {
    const result = await processImage(await png(1000, 1000), 'eventBanner');
    const meta = await sharp(result.data).metadata();
    expect(result.extension).toBe('png');
    expect([meta.width, meta.height]).toEqual([1500, 900]);
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
