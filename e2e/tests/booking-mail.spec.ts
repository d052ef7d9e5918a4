import { expect, test } from '@playwright/test';
import { newBuyer } from './accounts';
import { eventDetail, organiserEvent } from './events';
import { openRawMessage } from './mail';
import { placeOrder } from './purchases';

test('the booking confirmation in the development mailbox carries the PDF ticket and the QR code, and its raw message', async ({
  page,
  request,
}) => {
  const title = `Billets joints ${Math.random().toString(36).slice(2, 8)}`;
  const eventId = await organiserEvent(request, { title });
  const { firstTicketId } = await eventDetail(request, eventId);

  const email = await newBuyer(page);
  await placeOrder(page.request, eventId, { ticketId: firstTicketId, quantity: 1 });

  await page.goto('/dev/mail');
  await page.getByRole('textbox', { name: 'Destinataire' }).fill(email);
  await page.getByRole('button', { name: new RegExp(`vos billets pour ${title}`) }).click();
  // The order's places in one PDF (issue 30), however many.
  const pdfLink = page.getByRole('link', { name: 'Billets (PDF, une page par place)' });
  const qrLink = page.getByRole('link', { name: 'QR code (PNG)' });
  await expect(pdfLink).toBeVisible();
  await expect(qrLink).toBeVisible();

  const pdf = await page.request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const qr = await page.request.get((await qrLink.getAttribute('href')) ?? '');
  expect(qr.headers()['content-type']).toBe('image/png');
  expect((await qr.body()).subarray(1, 4).toString('latin1')).toBe('PNG');

  // Issue 26: the message as SMTP would send it, once the job sent it (the page looks again).
  const raw = await openRawMessage(page.getByRole('main'));
  await expect(raw).toContainText(`Subject: Guichet : vos billets pour ${title}`);
  await expect(raw).toContainText(`To: ${email}`);
  await expect(raw).toContainText('Content-Type: text/html');
  await expect(raw).toContainText('Content-Type: application/pdf');
  const download = page.getByRole('link', { name: 'Télécharger le message (.eml)' });
  const eml = await page.request.get((await download.getAttribute('href')) ?? '');
  expect(eml.headers()['content-type']).toBe('message/rfc822');
  expect(await eml.text()).toContain('Content-Type: image/png');
});
