import { expect, test } from '@playwright/test';
import { DEMO, login, NEW_PASSWORD, registerViaApi } from './support';

const DAY = 86_400_000;

test('the booking confirmation in the development mailbox carries the PDF ticket and the QR code', async ({
  page,
  request,
}) => {
  expect(
    (await request.post('/api/auth/login', { data: { email: DEMO.organizer, password: DEMO.password } })).status(),
  ).toBe(200);
  const start = Date.now() + 20 * DAY;
  const title = `Billets joints ${Math.random().toString(36).slice(2, 8)}`;
  const created = await request.post('/api/events', {
    data: {
      title,
      description: 'Un événement de test.',
      address: '5 Place du Capitole, 31000 Toulouse',
      type: 'Soirée',
      dateBegin: new Date(start).toISOString(),
      dateEnd: new Date(start + 5 * 3_600_000).toISOString(),
      nbMaxParticipants: 100,
      isUserPaysFees: false,
      ticketList: [{ title: 'Entrée', price: 0, quantity: 50 }],
      acceptTerms: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: eventId } = (await created.json()) as { id: string };
  expect((await request.patch(`/api/events/${eventId}`, { data: { isPublic: true } })).status()).toBeLessThan(300);
  const event = (await (await request.get(`/api/events/${eventId}`)).json()) as {
    tickets: { id: string }[];
  };

  const email = await registerViaApi(page.request);
  await login(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/profil$/);
  const order = await page.request.post('/api/orders', {
    data: { eventId, lines: [{ ticketId: event.tickets[0]?.id, quantity: 1 }], acceptTerms: true },
  });
  expect(order.status(), await order.text()).toBe(201);

  await page.goto('/dev/mail');
  await page.getByRole('textbox', { name: 'Destinataire' }).fill(email);
  await page.getByRole('button', { name: new RegExp(`vos billets pour ${title}`) }).click();
  const pdfLink = page.getByRole('link', { name: 'Billet (PDF)' });
  const qrLink = page.getByRole('link', { name: 'QR code (PNG)' });
  await expect(pdfLink).toBeVisible();
  await expect(qrLink).toBeVisible();

  const pdf = await page.request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const qr = await page.request.get((await qrLink.getAttribute('href')) ?? '');
  expect(qr.headers()['content-type']).toBe('image/png');
  expect((await qr.body()).subarray(1, 4).toString('latin1')).toBe('PNG');
});
