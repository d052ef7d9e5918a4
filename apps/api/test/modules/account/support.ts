import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { mailOutbox } from '../../../src/db/schema';
import type { TestApp } from '../../helpers';

/** A real PNG of the given size, made in memory. */
export function makePng(width = 300, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7048e8' } })
    .png()
    .toBuffer();
}

/** Sends `data` as the `file` field of a multipart form. */
export function uploadFile(t: TestApp, url: string, cookie: string | undefined, data: Buffer, filename = 'image.png') {
  const boundary = '----guichet-account';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { ...(cookie ? { cookie } : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

export async function mailsTo(t: TestApp, to: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
}

/** The 6-digit code of the newest mail to `to`. */
export async function codeMailedTo(t: TestApp, to: string): Promise<string> {
  const [mail] = await mailsTo(t, to);
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
