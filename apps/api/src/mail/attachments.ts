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
 * Turns a reference into its bytes. It reads through the `db` it is given: the worker's own
 * transaction, since an embedded PGlite has one connection that the worker holds.
 */
export type ResolveAttachment = (db: Database, ref: MailAttachmentRef) => Promise<MailAttachment>;

/** The Content-ID of a ticket's QR image, known when the mail is queued and when it is sent. */
export const ticketQrCid = (participationId: string) => `ticket-qr-${participationId}@guichet`;

/**
 * Resolves every reference of one mail inside a savepoint, so that a failed lookup leaves the
 * worker's transaction usable to record the failure and deliver the rest of the batch.
 */
export async function resolveAttachments(
  db: Database,
  refs: MailAttachmentRef[],
  resolve: ResolveAttachment,
): Promise<MailAttachment[]> {
  if (refs.length === 0) return [];
  const files = await db.transaction(async (savepoint) => {
    const resolved: MailAttachment[] = [];
    for (const ref of refs) resolved.push(await resolve(savepoint, ref));
    return resolved;
  });
  return withUniqueFilenames(files);
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
