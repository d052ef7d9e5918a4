import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, newBuyer } from './accounts';
import { findListedEvent } from './events';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of one colour, made here so the test needs no image file. */
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x70)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function loginAsNewUser(page: Page) {
  const email = await newBuyer(page);
  return email;
}

test.describe('profile', () => {
  test('shows the user, the counts and the four tabs', async ({ page }) => {
    await loginAsNewUser(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Camille Durand' })).toBeVisible();
    await expect(page.getByText(/^\d+ ans$/)).toBeVisible();
    const counts = page.getByRole('navigation', { name: 'Statistiques du profil' });
    await expect(counts.getByRole('link', { name: '0 abonné', exact: true })).toBeVisible();
    await expect(counts.getByRole('link', { name: '0 abonnement', exact: true })).toBeVisible();
    // Not verified: no organised-events link.
    await expect(counts.getByRole('link', { name: /organisé/ })).toHaveCount(0);

    await expect(page.getByRole('tab', { name: 'Mes Billets', selected: true })).toBeVisible();
    await expect(page.getByText("Vous n'avez encore aucun billet.")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Abonnements' }).click();
    await expect(page.getByText("Vous n'êtes abonné à aucun compte.")).toBeVisible();
    await page.getByRole('tab', { name: 'Abonnés' }).click();
    await expect(page.getByText("Vous n'avez aucun abonné.")).toBeVisible();
    await page.getByRole('tab', { name: 'Paramètres' }).click();
    await expect(page.getByRole('heading', { name: 'Informations personnelles' })).toBeVisible();
    await expectAccessible(page);

    await counts.getByRole('link', { name: '0 abonné', exact: true }).click();
    await expect(page).toHaveURL(/\/follows\/followers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Abonnés' })).toBeVisible();
    await expect(page.getByText("Vous n'avez aucun abonné.")).toBeVisible();
    await expectAccessible(page);
  });

  test('uploads a photo and a banner, and refuses a file that is not an image', async ({ page }) => {
    await loginAsNewUser(page);
    const photoInput = page.locator('input[type="file"][name="photo"]');
    await photoInput.setInputFiles({ name: 'moi.png', mimeType: 'image/png', buffer: makePng(120, 90) });
    await expect(page.getByText('Votre photo de profil a bien été modifiée.')).toBeVisible();
    const avatar = page.getByRole('img', { name: 'Photo de profil de Camille Durand' });
    await expect(avatar).toHaveAttribute('src', /^\/api\/images\/users\/.+\.png$/);

    await page
      .locator('input[type="file"][name="banner"]')
      .setInputFiles({ name: 'banniere.png', mimeType: 'image/png', buffer: makePng(300, 100) });
    await expect(page.getByText('Votre bannière de profil a bien été modifiée.')).toBeVisible();

    await photoInput.setInputFiles({ name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('pas une image') });
    await expect(page.getByText('Une erreur est survenue lors du changement de photo de profil.')).toBeVisible();
    await page
      .locator('input[type="file"][name="banner"]')
      .setInputFiles({ name: 'faux.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('Une erreur est survenue lors du changement de bannière.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('img', { name: 'Photo de profil de Camille Durand' })).toHaveAttribute(
      'src',
      /^\/api\/images\/users\/.+\.png$/,
    );
  });

  test('a verified organiser reaches the organised events from the profile', async ({ page }) => {
    await logInAs(page, DEMO.organizer, DEMO.password);
    await page.getByRole('link', { name: /événements? organisés?/ }).click();
    await expect(page).toHaveURL(/\/eventsHistorique\/organis/);
    await expect(page.getByRole('heading', { level: 1, name: 'Événements organisés' })).toBeVisible();
    const card = page.getByRole('link', { name: /Gala d'hiver des étudiants/ });
    await expect(card).toBeVisible();
    // The list is of public events only, even for their owner.
    await expect(page.getByText(/Anniversaire de Lina/)).toHaveCount(0);
    await expectAccessible(page);
    await card.click();
    await expect(page).toHaveURL(/\/billetterie\/[0-9a-f-]{36}$/);
  });

  test('history lists: another visitor sees only public events; empty past list', async ({ page }) => {
    const gala = await findListedEvent(page.request, "Gala d'hiver des étudiants");
    const organizerId = gala.organizerId;
    await page.goto(`/eventsHistorique/organisés/${organizerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Événements organisés' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Gala d'hiver des étudiants/ })).toBeVisible();
    await expect(page.getByText('Privé', { exact: true })).toHaveCount(0);
    await page.goto(`/eventsHistorique/passés/${organizerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Événements passés' })).toBeVisible();
    await expect(page.getByText('Aucun événement passé.')).toBeVisible();
    await expectAccessible(page);
    // The spec's route names the kinds in English too: both words reach the same lists.
    await page.goto(`/eventsHistorique/past/${organizerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Événements passés' })).toBeVisible();
    await expect(page.getByText('Oups ! Page non trouvée')).toHaveCount(0);
    await page.goto(`/eventsHistorique/organized/${organizerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Événements organisés' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Gala d'hiver des étudiants/ })).toBeVisible();
    await page.goto(`/eventsHistorique/favoris/${organizerId}`);
    await expect(page.getByText('Oups ! Page non trouvée')).toBeVisible();
  });
});
