import { isCodeOfEvent, ticketShortCode } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, getAs, loginAs } from '../../../test/helpers';
import { bookFreeTicket, payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { discountCodes, participations } from '../../db/schema';
import { verifyTicketCode } from './codes';
import { ticketPdfFilename } from './service';

const t = useTestApp();
let publicKeyPem: string;
beforeAll(async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/ticket-codes/public-key' });
  expect(response.statusCode).toBe(200);
  expect(response.json().algorithm).toBe('Ed25519');
  publicKeyPem = response.json().publicKeyPem;
});

const holder = (title = 'Soirée « Été » 🎉 à Toulouse') => bookFreeTicket(t, title);

/** A new holder's `file` of their participation, which they get, never cached. */
async function holderGets(file: 'code' | 'qr.png' | 'ticket.pdf') {
  const held = await holder();
  const response = await getAs(t, `/api/me/participations/${held.participation.id}/${file}`, held.cookie);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return { ...held, response };
}

describe('a ticket holder', () => {
  it('gets a signed code that a scanner verifies with the public key alone', async () => {
    const { event, participation, response } = await holderGets('code');
    const payload = verifyTicketCode(response.json().code, publicKeyPem);
    expect(payload).toMatchObject({ participationId: participation.id, quantity: 1 });
    expect(payload && isCodeOfEvent(payload, event.id)).toBe(true);
    expect(response.json().shortCode).toBe(ticketShortCode(participation.id));
  });

  it('gets the QR code as a PNG on white with its quiet zone, not cached', async () => {
    const { response } = await holderGets('qr.png');
    expect(response.headers['content-type']).toBe('image/png');
    const image = sharp(response.rawPayload);
    const meta = await image.metadata();
    expect(meta).toMatchObject({ format: 'png', width: meta.height });
    expect(meta.width).toBeGreaterThanOrEqual(200);
    // The quiet zone: the first 4 modules (20 px) of every side are white.
    const { data, info } = await image.removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
    const zone = 20;
    let darkest = 255;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const inBorder = x < zone || y < zone || x >= info.width - zone || y >= info.height - zone;
        if (inBorder) darkest = Math.min(darkest, data[y * info.width + x] ?? 0);
      }
    }
    expect(darkest).toBe(255);
  });

  it('downloads a one-page A4 PDF named after the event, even with characters a PDF font lacks', async () => {
    const { response } = await holderGets('ticket.pdf');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="billet-soiree-ete-a-toulouse.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getTitle()).toContain('Soirée « Été »');
  });

  it("prints the organiser and 'Gratuit' on a free ticket", async () => {
    const { cookie, participation } = await holder();
    const text = await pdfTextOf(`/api/me/participations/${participation.id}/ticket.pdf`, cookie);
    expect(text).toContain('Organisateur Jeanne Test');
    expect(text).toContain('Prix par place Gratuit');
    expect(text).toContain('Titulaire Zoé Lefèvre');
  });

  it("prints the price paid per place, after the order's discount", async () => {
    const organizer = await createUser(t, { isVerified: true, firstName: 'Łukasz', lastName: 'Ştefan Wang' });
    const { event, tickets } = await createEvent(t, organizer.id, {}, [{ title: 'Plein tarif', priceCents: 1999 }]);
    await t.database.db.insert(discountCodes).values({ eventId: event.id, code: 'QUINZE', percent: 15 });
    const buyer = await createUser(t);
    const cookie = await loginAs(t, buyer.email);
    const lines = [{ ticketId: tickets[0]?.id, quantity: 2 }];
    const created = await postOrder(t, cookie, { eventId: event.id, lines, discountCode: 'QUINZE', acceptTerms: true });
    expect(created.statusCode, created.body).toBe(201);
    await payAtSandboxBank(t, created.json().id, { cookie });
    const [participation] = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.userId, buyer.id));
    const text = await pdfTextOf(`/api/me/participations/${participation?.id}/ticket.pdf`, cookie);
    expect(text).toContain('Organisateur Łukasz Ştefan Wang');
    // 19,99 € less 15 %, rounded half up (discountedUnitPriceCents).
    expect(text).toContain('Prix par place 16,99 €');
  });
});

async function pdfTextOf(url: string, cookie: string): Promise<string> {
  const response = await getAs(t, url, cookie);
  expect(response.statusCode).toBe(200);
  const { text } = await extractText(new Uint8Array(response.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('anyone else', () => {
  it('gets 404 for another user’s participation, a cancelled one or an unknown id', async () => {
    const { participation } = await holder();
    const stranger = await loginAs(t, (await createUser(t)).email);
    for (const path of ['code', 'qr.png', 'ticket.pdf']) {
      const response = await getAs(t, `/api/me/participations/${participation.id}/${path}`, stranger);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code).toBe('TICKET_NOT_FOUND');
      expect((await getAs(t, `/api/me/participations/pas-un-id/${path}`, stranger)).statusCode).toBe(404);
    }
    const cancelled = await holder();
    await t.database.db
      .update(participations)
      .set({ cancelledAt: new Date() })
      .where(eq(participations.id, cancelled.participation.id));
    expect(
      (await getAs(t, `/api/me/participations/${cancelled.participation.id}/code`, cancelled.cookie)).statusCode,
    ).toBe(404);
  });

  it('as a visitor gets 401', async () => {
    const { participation } = await holder();
    for (const path of ['code', 'qr.png', 'ticket.pdf']) {
      const response = await getAs(t, `/api/me/participations/${participation.id}/${path}`);
      expect(response.statusCode, path).toBe(401);
    }
  });
});

describe('ticket PDF names', () => {
  it('slugs the event title to ASCII', () => {
    expect(ticketPdfFilename("Gala d'hiver des étudiants")).toBe('billet-gala-d-hiver-des-etudiants.pdf');
    expect(ticketPdfFilename('🎉🎉')).toBe('billet-evenement.pdf');
  });
});
