import type { Database } from '../db/client';
import type { MailAttachmentRef } from '../db/schema';

/** A file as nodemailer takes it. */
export type MailAttachment = {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set when the HTML part shows the file with `cid:`. */
  cid?: string;
  contentDisposition?: 'inline' | 'attachment';
};

/**
 * Turns a reference into its bytes, or null when what it shows is gone (a ticket refunded or
 * cancelled since the mail was queued). It reads through the `db` it is given, one query at a
 * time.
 */
export type ResolveAttachment = (db: Database, ref: MailAttachmentRef) => Promise<MailAttachment | null>;

/** The Content-ID of a ticket's QR image, known when the mail is queued and when it is sent. */
export const ticketQrCid = (participationId: string) => `ticket-qr-${participationId}@guichet`;

/** The Content-ID by which the HTML part shows a reference's file, if it shows it. */
const attachmentCid = (ref: MailAttachmentRef) =>
  ref.kind === 'ticket-qr' ? ticketQrCid(ref.participationId) : undefined;

type ResolvedAttachments = { files: MailAttachment[]; gone: MailAttachmentRef[] };

/**
 * Resolves every reference of one mail, outside any transaction: making the files (PDFs, QR
 * codes) takes the process's time, and a transaction open meanwhile would keep a connection from
 * the pool, or the embedded database's only one from every other request.
 */
export async function resolveAttachments(
  db: Database,
  refs: MailAttachmentRef[],
  resolve: ResolveAttachment,
): Promise<ResolvedAttachments> {
  const resolved: ResolvedAttachments = { files: [], gone: [] };
  for (const ref of refs) {
    const file = await resolve(db, ref);
    if (file) resolved.files.push(file);
    else resolved.gone.push(ref);
  }
  return { files: withUniqueFilenames(resolved.files), gone: resolved.gone };
}

/** The HTML part without the images of files that are gone, rather than broken images. */
export function withoutImagesOf(html: string, gone: MailAttachmentRef[]): string {
  let kept = html;
  for (const cid of gone.map(attachmentCid)) {
    if (!cid) continue;
    const pattern = new RegExp(`<img[^>]*src="cid:${cid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`, 'g');
    kept = kept.replace(pattern, () => '');
  }
  return kept;
}

/** Several tickets of one event share a name: mail clients would show them as one. */
function withUniqueFilenames(files: MailAttachment[]): MailAttachment[] {
  const seen = new Map<string, number>();
  return files.map((file) => {
    const count = (seen.get(file.filename) ?? 0) + 1;
    seen.set(file.filename, count);
    if (count === 1) return file;
    const dot = file.filename.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [file.filename.slice(0, dot), file.filename.slice(dot)] : [file.filename, ''];
    return { ...file, filename: `${stem}-${count}${extension}` };
  });
}
