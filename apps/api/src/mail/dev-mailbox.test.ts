import { checkoutFr, fr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { paidGuestOrder } from '../../test/modules/checkout/support';
import { useTestApp } from '../../test/use-test-app';
import { mailOutbox, orders, participations } from '../db/schema';
import { ticketAttachmentResolver } from '../modules/ticket-codes/attachments';
import { ticketQrCid } from './attachments';
import { createTransport, deliverMail } from './outbox';

// Issue 26: the development mailbox kept no raw message, so what SMTP would send could not be
// checked. Without SMTP_URL the transport now composes it, and the mailbox serves it.
const t = useTestApp();

type Listed = { id: string; subject: string; rawUrl: string | null };
const listed = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` })).json() as Listed[];

/** A paid order of two tickets: its confirmation carries two PDFs and two QR codes. */
async function paidConfirmation() {
  const { id, buyer, event } = await paidGuestOrder(t, [1, 1], { firstName: 'Zoé' });
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  const issued = await t.database.db.select().from(participations).where(eq(participations.orderId, id));
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
  if (!mail) throw new Error('no confirmation queued');
  return { event, buyer, mail, reference: order?.reference ?? '', issued };
}

describe('the development mailbox keeps the raw message', () => {
  it('as SMTP would send it: headers, a text and an HTML part, and the tickets as files', async () => {
    const { event, buyer, mail, reference, issued } = await paidConfirmation();
    // Not sent yet: nothing raw to show.
    const [waiting] = await listed(buyer.email);
    expect(waiting?.rawUrl).toBeNull();
    const early = await t.app.inject({ method: 'GET', url: `/api/dev/mail/${mail.id}/raw` });
    expect(early.statusCode).toBe(404);
    expect(early.json()).toMatchObject({ code: 'RAW_MAIL_NOT_FOUND', message: fr.mail.devMailboxRawMissing });

    // What the mail job does when no SMTP server is configured.
    await deliverMail(t.database.db, mail.id, {
      transport: createTransport(undefined),
      from: t.config.mailFrom,
      resolveAttachment: ticketAttachmentResolver(t.config),
    });
    const [sent] = await listed(buyer.email);
    expect(sent?.rawUrl).toBe(`/api/dev/mail/${mail.id}/raw`);
    const raw = await t.app.inject({ method: 'GET', url: sent?.rawUrl ?? '' });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('message/rfc822');
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="message-${mail.id}.eml"`);
    // SMTP's line ends.
    expect(raw.body).toMatch(/^[\s\S]*?\r\n\r\n/);
    expect(raw.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const parsed = await simpleParser(raw.rawPayload, { keepCidLinks: true });
    expect(parsed.subject).toBe(checkoutFr.confirmationMail.subject(t.config.brandName, event.title));
    expect(parsed.from?.value).toEqual([{ name: 'Guichet', address: 'no-reply@guichet.test' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => a.address) : []).toEqual([buyer.email]);
    expect(parsed.messageId).toBeTruthy();
    expect(parsed.text).toContain(reference);
    expect(parsed.html).toContain(`cid:${ticketQrCid(issued[0]?.id ?? '')}`);
    const files = parsed.attachments.map((file) => ({ type: file.contentType, cid: file.cid ?? null }));
    // The order's places in one PDF (a page each), their QR codes apart.
    expect(files.filter((file) => file.type === 'application/pdf')).toHaveLength(1);
    expect(new Set(files.filter((file) => file.type === 'image/png').map((file) => file.cid))).toEqual(
      new Set(issued.map((participation) => ticketQrCid(participation.id))),
    );
    for (const pdf of parsed.attachments.filter((file) => file.contentType === 'application/pdf')) {
      expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('a message sent again (its process killed before it was marked sent) keeps its Message-ID', async () => {
    const { mail } = await paidConfirmation();
    const options = {
      transport: createTransport(undefined),
      from: t.config.mailFrom,
      resolveAttachment: ticketAttachmentResolver(t.config),
    };
    const messageIdOfRaw = async () => {
      const raw = await t.app.inject({ method: 'GET', url: `/api/dev/mail/${mail.id}/raw` });
      return (await simpleParser(raw.rawPayload)).messageId;
    };
    await deliverMail(t.database.db, mail.id, options);
    const first = await messageIdOfRaw();
    expect(first).toBe(`<${mail.id}@guichet.test>`);
    // The job comes back after its lease: the row does not say it was sent.
    await t.database.db.update(mailOutbox).set({ sentAt: null, raw: null }).where(eq(mailOutbox.id, mail.id));
    await deliverMail(t.database.db, mail.id, options);
    expect(await messageIdOfRaw()).toBe(first);
    // Another message has another identity.
    const other = await paidConfirmation();
    await deliverMail(t.database.db, other.mail.id, options);
    const raw = await t.app.inject({ method: 'GET', url: `/api/dev/mail/${other.mail.id}/raw` });
    expect((await simpleParser(raw.rawPayload)).messageId).not.toBe(first);
  });

  it('answers 404 for an unknown or malformed message', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/dev/mail/${id}/raw` });
      expect(response.statusCode).toBe(404);
    }
  });
});
