import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';
import sharp from 'sharp';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M video of one QR code on white, for Chromium's fake camera
 * (--use-file-for-fake-video-capture): what the scanner's camera sees when a phone is held up.
 */
export async function qrCodeVideo(path: string, code: string): Promise<void> {
  const qr = await QRCode.toBuffer(code, { type: 'png', width: 400, margin: 4, errorCorrectionLevel: 'Q' });
  const luma = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, top: (HEIGHT - 400) / 2, left: (WIDTH - 400) / 2 }])
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  if (luma.length !== WIDTH * HEIGHT) throw new Error('expected one grey channel');
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, frame, frame, frame]));
}
