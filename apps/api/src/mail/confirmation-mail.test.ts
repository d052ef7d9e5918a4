import { checkoutFr, fr, ticketsFr } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../test/helpers';
import { bookFreeTicket, paidGuestOrder } from '../../test/modules/checkout/support';
import { useTestApp } from '../../test/use-test-app';
import { mailOutbox, participations } from '../db/schema';
import { ticketAttachmentResolver } from '../modules/ticket-codes/attachments';
import { verifyTicketCode } from '../modules/ticket-codes/codes';
import { ticketQrPng } from '../modules/ticket-codes/qr';
import { type ResolveAttachment, ticketQrCid } from './attachments';
import { confirmationMail } from './confirmation-mail';
import { type DeliverableMail, deliverMail, queueMail } from './outbox';

const t = useTestApp();
let publicKeyPem: string;
beforeAll(async () => {
  publicKeyPem = (await t.app.inject({ method: 'GET', url: '/api/ticket-codes/public-key' })).json().publicKeyPem;
});

/** A transport that keeps what it was handed, and the MIME message nodemailer makes of it. */
function recordingTransport() {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const sent: { mail: DeliverableMail; raw: string }[] = [];
  return {
    sent,
    send: async (mail: DeliverableMail) => {
      const info = await composer.sendMail(mail);
      sent.push({ mail, raw: (info.message as Buffer).toString('utf8') });
    },
  };
}

/**
 * Delivers the given rows as the job runner's mail jobs do, in order, a failure recorded and
 * thrown to the runner. Only these rows, because API tests on PostgreSQL share one outbox.
 */
async function deliver(ids: string[], resolveAttachment: ResolveAttachment = ticketAttachmentResolver(t.config)) {
  const transport = recordingTransport();
  for (const id of ids) {
    await deliverMail(t.database.db, id, { transport, from: 'billets@guichet.test', resolveAttachment }).catch(
      () => undefined,
    );
  }
  return transport.sent;
}

const mailTo = async (email: string) => {
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  expect(rows).toHaveLength(1);
  return rows[0] as typeof mailOutbox.$inferSelect;
};

const bookFree = (title: string) => bookFreeTicket(t, title);

describe('the confirmation e-mail of a free booking', () => {
  it('is queued naming the ticket’s PDF and QR code, and sent with both files', async () => {
    const { event, user, cookie, participation } = await bookFree('Soirée « Été » à Toulouse');
    const queued = await mailTo(user.email);
    expect(queued.attachments).toEqual([
      { kind: 'tickets-pdf', participationIds: [participation.id] },
      { kind: 'ticket-qr', participationId: participation.id },
    ]);
    expect(queued.text).toContain('Bonjour Zoé,');
    expect(queued.text).toContain(`${t.config.publicUrl}/myTickets`);
    expect(queued.html).toContain(`src="cid:ticket-qr-${participation.id}@guichet"`);
    expect(queued.html).toContain(checkoutFr.confirmationMail.attached(1));

    const [delivered] = await deliver([queued.id]);
    const files = delivered?.mail.attachments ?? [];
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      ['billet-soiree-ete-a-toulouse.pdf', 'application/pdf'],
      ['billet-soiree-ete-a-toulouse-qr.png', 'image/png'],
    ]);
    const [pdf, qr] = files;
    if (!pdf || !qr) throw new Error('attachments missing');

    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const document = await PDFDocument.load(pdf.content);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe(`${ticketsFr.ticket.pdfTitle} - ${event.title}`);

    const image = await sharp(qr.content).metadata();
    expect(image).toMatchObject({ format: 'png', width: image.height });
    // Whole pixels per module (5) and the 4-module white quiet zone around the 49 modules.
    expect(image.width).toBe((49 + 8) * 5);
    // The holder's own code, verified with the public key alone, is what the QR image encodes.
    const { code } = (
      await t.app.inject({ method: 'GET', url: `/api/me/participations/${participation.id}/code`, headers: { cookie } })
    ).json();
    expect(verifyTicketCode(code, publicKeyPem)).toMatchObject({ participationId: participation.id, quantity: 1 });
    expect(qr.content.equals(await ticketQrPng(code))).toBe(true);

    // nodemailer puts the QR code beside the HTML that shows it, and the PDF as a file.
    const raw = delivered?.raw ?? '';
    expect(raw).toContain('Content-Type: multipart/related');
    expect(raw).toContain(`Content-ID: <ticket-qr-${participation.id}@guichet>`);
    expect(raw).toMatch(/Content-Disposition: attachment;\s+filename=billet-soiree-ete-a-toulouse\.pdf/);

    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id));
    expect(row?.sentAt).not.toBeNull();
    expect(row?.lastError).toBeNull();
  });

  it('keeps the development mailbox to callers on this machine, whatever they forward', async () => {
    for (const url of ['/api/dev/mail', '/api/dev/mail/00000000-0000-4000-8000-000000000000/attachments/0']) {
      const remote = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '192.168.1.30',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(remote.statusCode).toBe(403);
      expect(remote.json()).toMatchObject({ code: 'DEV_MAILBOX_LOCAL_ONLY', message: fr.mail.devMailboxLocalOnly });
    }
  });

  it('is listed in the development mailbox with links that download the same files', async () => {
    const { user, participation } = await bookFree('Concert du soir');
    const listed = await t.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(user.email)}` });
    expect(listed.statusCode).toBe(200);
    const [mail] = listed.json();
    expect(mail.attachments.map((a: { kind: string }) => a.kind)).toEqual(['tickets-pdf', 'ticket-qr']);

    const pdf = await t.app.inject({ method: 'GET', url: mail.attachments[0].url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="billet-concert-du-soir.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const qr = await t.app.inject({ method: 'GET', url: mail.attachments[1].url });
    expect(qr.headers['content-type']).toBe('image/png');
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/me/participations/${participation.id}/qr.png`,
      headers: { cookie: await loginAs(t, user.email) },
    });
    expect(qr.rawPayload.equals(own.rawPayload)).toBe(true);

    const missing = await t.app.inject({ method: 'GET', url: `/api/dev/mail/${mail.id}/attachments/2` });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the confirmation e-mail of texts holding what String.replace reads as patterns', () => {
  it("links the address once and copies nothing else, for $` and $' in the address and the title", () => {
    const ticketsUrl = "https://billets.example.org/$'/$`/myTickets";
    const mail = confirmationMail({
      to: 'zoe@test.guichet.fr',
      brandName: 'Guichet',
      firstName: 'Zoé',
      eventTitle: "Fête $` et $' ici",
      reference: 'G0001',
      ticketsUrl,
      participationIds: ['p1'],
    });
    expect(mail.html?.match(/<!doctype/g)).toHaveLength(1);
    expect(mail.html).toContain(`« Fête $\` et $' ici »`);
    expect(mail.html).toContain(`: <a href="${ticketsUrl}">${ticketsUrl}</a></p>`);
  });
});

describe('the confirmation e-mail of a paid order', () => {
  it('carries one PDF of a page per place bought, and one QR code per place under distinct names', async () => {
    const { id, buyer } = await paidGuestOrder(t, [2, 1]);

    // One ticket per place (issue 30): 2 + 1 places are 3 tickets, printed from one file.
    const issued = await t.database.db.select().from(participations).where(eq(participations.orderId, id));
    expect(issued).toHaveLength(3);
    const queued = await mailTo(buyer.email);
    const [combined, ...codes] = queued.attachments ?? [];
    expect(combined?.kind).toBe('tickets-pdf');
    expect(new Set(combined && 'participationIds' in combined ? combined.participationIds : [])).toEqual(
      new Set(issued.map((p) => p.id)),
    );
    expect(new Set(codes.map((ref) => `${ref.kind} ${'participationId' in ref ? ref.participationId : ''}`))).toEqual(
      new Set(issued.map((p) => `ticket-qr ${p.id}`)),
    );
    expect(queued.html).toContain(checkoutFr.confirmationMail.qrAlt(3, 3));
    expect(queued.html).toContain(checkoutFr.confirmationMail.attached(3));

    const [delivered] = await deliver([queued.id]);
    const files = delivered?.mail.attachments ?? [];
    expect(files).toHaveLength(4);
    expect(new Set(files.map((f) => f.filename)).size).toBe(4);
    const pdfs = files.filter((f) => f.contentType === 'application/pdf');
    expect(pdfs).toHaveLength(1);
    expect((await PDFDocument.load(pdfs[0]?.content ?? Buffer.alloc(0))).getPageCount()).toBe(3);
    expect(files.filter((f) => f.contentType === 'image/png')).toHaveLength(3);
  });
});

describe('a mail whose ticket cannot be made', () => {
  it('is not sent once its only ticket is cancelled, says why, and the next mail is still sent', async () => {
    const { user, participation } = await bookFree('Annulé avant l’envoi');
    await t.database.db
      .update(participations)
      .set({ cancelledAt: new Date() })
      .where(eq(participations.id, participation.id));
    const broken = await mailTo(user.email);
    const other = await bookFree('Toujours valable');
    const fine = await mailTo(other.user.email);

    const sent = await deliver([broken.id, fine.id]);
    expect(sent.map((s) => s.mail.to)).toEqual([other.user.email]);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, broken.id));
    expect(row).toMatchObject({ sentAt: null, lastError: expect.stringContaining('every file it carried is gone') });
  });

  it('leaves out the files and the image of a ticket cancelled since, and sends the others', async () => {
    const { id, buyer } = await paidGuestOrder(t, [1, 1]);
    const [gone, kept] = await t.database.db.select().from(participations).where(eq(participations.orderId, id));
    if (!gone || !kept) throw new Error('two participations expected');
    await t.database.db.update(participations).set({ cancelledAt: new Date() }).where(eq(participations.id, gone.id));

    const [delivered] = await deliver([(await mailTo(buyer.email)).id]);
    expect(delivered?.mail.attachments?.map((file) => file.cid).filter(Boolean)).toEqual([ticketQrCid(kept.id)]);
    // The one PDF holds only the place still valid.
    expect(delivered?.mail.attachments).toHaveLength(2);
    const pdf = delivered?.mail.attachments?.find((file) => file.contentType === 'application/pdf');
    expect((await PDFDocument.load(pdf?.content ?? Buffer.alloc(0))).getPageCount()).toBe(1);
    expect(delivered?.mail.html).toContain(`cid:${ticketQrCid(kept.id)}`);
    expect(delivered?.mail.html).not.toContain(ticketQrCid(gone.id));
  });

  it('does not stop the next mail when the lookup itself fails in the database', async () => {
    const to = `panne-${Date.now()}@test.guichet.fr`;
    await queueMail(t.database.db, {
      to,
      subject: 'Panne',
      text: 'Panne',
      attachments: [{ kind: 'ticket-pdf', participationId: 'f0000000-0000-4000-8000-000000000000' }],
    });
    const broken = await mailTo(to);
    const other = await bookFree('Après la panne');
    const fine = await mailTo(other.user.email);
    const failing: ResolveAttachment = async (db) => {
      await db.execute(sql`select 1 / 0`);
      throw new Error('unreachable');
    };
    const resolver = ticketAttachmentResolver(t.config);
    const sent = await deliver([broken.id, fine.id], (db, ref) =>
      ref === broken.attachments?.[0] || JSON.stringify(ref) === JSON.stringify(broken.attachments?.[0])
        ? failing(db, ref)
        : resolver(db, ref),
    );
    expect(sent.map((s) => s.mail.to)).toEqual([other.user.email]);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, broken.id));
    expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringContaining('division by zero') });
  });
});
