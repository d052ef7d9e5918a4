import { expect, type Page, test } from '@playwright/test';
import { DEMO, logInAs, newBuyer, uniqueEmail } from './accounts';
import { sellAtDoor } from './door-sales';
import { choiceTicket, createPrivateEvent, DAY, organiserEvent } from './events';
import { buy } from './purchases';
import { screenshotBothThemes } from './screenshots';

/** A datetime-local value `days` from now, at `hour` o'clock. */
function localDate(days: number, hour: number) {
  const date = new Date(Date.now() + days * DAY);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00`;
}

async function openEditPage(page: Page, eventId: string) {
  await logInAs(page, DEMO.organizer, DEMO.password);
  await page.goto(`/editevents/${eventId}`);
  await expect(page.getByRole('heading', { name: "Modification de l'événement" })).toBeVisible();
}

test('the promo form shows the rules instead of changing what was typed', async ({ page, request }) => {
  const eventId = await organiserEvent(request, { ticketList: [{ title: 'Standard', price: 12, quantity: 20 }] });
  await openEditPage(page, eventId);
  const code = page.getByRole('textbox', { name: 'Code', exact: true });
  const percent = page.getByRole('textbox', { name: 'Réduction (%)' });
  const add = page.getByRole('button', { name: 'Ajouter le code' });
  const alert = page.getByRole('alert').filter({ hasText: 'code promo' });

  await code.fill('ETE');
  for (const [typed, message] of [
    ['101', 'Le pourcentage du code promo ne peut pas dépasser 100%.'],
    ['0', 'Le pourcentage du code promo ne peut pas être en dessous de 0%.'],
    ['-5', 'Le pourcentage du code promo ne peut pas être en dessous de 0%.'],
  ] as const) {
    await percent.fill(typed);
    await percent.blur();
    await expect(percent).toHaveValue(typed);
    await add.click();
    await expect(alert).toHaveText(message);
  }
  await percent.fill('20');
  await code.fill('ABCDEFGHIJKLMNOPQ');
  await expect(code).toHaveValue('ABCDEFGHIJKLMNOPQ');
  await add.click();
  await expect(alert).toHaveText('Votre code promo ne doit pas dépasser 15 caractères.');
  await expect(page.getByText("Aucun code promo n'a été créé.")).toBeVisible();
  const saved = (await (await request.get(`/api/events/${eventId}/manage`)).json()) as { discounts: unknown[] };
  expect(saved.discounts).toEqual([]);

  // The new code's quantity comes after the tickets' quantities.
  const quantity = page.getByRole('textbox', { name: 'Quantité', exact: true }).last();
  await code.fill('ETE');
  await quantity.fill('0');
  await quantity.blur();
  await expect(quantity).toHaveValue('0');
  await add.click();
  await expect(alert).toHaveText('La quantité du code promo doit être un nombre entier supérieur à 0.');
  await quantity.fill('50');
  await add.click();
  await expect(page.getByRole('cell', { name: 'ETE', exact: true })).toBeVisible();
  // A quantity that is none stays as typed, says why under the field, and is not sent.
  const uses = page.getByRole('textbox', { name: 'Quantité ETE' });
  await uses.fill('0');
  await uses.blur();
  await expect(uses).toHaveValue('0');
  await expect(uses).toHaveAccessibleDescription('La quantité du code promo doit être un nombre entier supérieur à 0.');
  const kept = (await (await request.get(`/api/events/${eventId}/manage`)).json()) as {
    discounts: { quantity: number }[];
  };
  expect(kept.discounts[0]?.quantity).toBe(50);
});

test('the create form checks in the spec order: an unknown address before a missing category', async ({ page }) => {
  await logInAs(page, DEMO.organizer, DEMO.password);
  await page.goto('/createevents');
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(`Nulle part ${Date.now()}`);
  await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Rue Imaginaire 00000 Nullepart');
  await page.getByLabel(/^Début/).fill(localDate(40, 20));
  await page.getByLabel(/^Fin/).fill(localDate(40, 23));
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Un test.');
  await page.getByRole('checkbox', { name: /conditions générales des organisateurs/ }).check();
  await page.getByRole('button', { name: "Créer l'événement" }).click();
  await expect(page.getByRole('alert').filter({ hasText: /introuvable|catégorie/ })).toHaveText(
    'Votre adresse est introuvable.',
  );
  await expect(page).toHaveURL(/\/createevents$/);
});

test('a price is rounded to the cent as the API rounds it, never cut', async ({ page }) => {
  await logInAs(page, DEMO.organizer, DEMO.password);
  await page.goto('/createevents');
  const price = page.getByRole('group').nth(0).getByRole('textbox', { name: 'Prix (€)' });
  await price.fill('12.345');
  await price.blur();
  await expect(price).toHaveValue('12.35');
  await expect(page.getByRole('region', { name: "Aperçu de l'événement" })).toContainText('12,35 €');
});

test('a refused quantity shows what the server kept, and saved changes say so', async ({ page, request }) => {
  const eventId = await organiserEvent(request, { ticketList: [{ title: 'Standard', price: 10, quantity: 10 }] });
  const manage = async () =>
    (await (await request.get(`/api/events/${eventId}/manage`)).json()) as {
      tickets: { id: string; quantity: number; isAvailable: boolean }[];
    };
  const ticketId = (await manage()).tickets[0]?.id ?? '';
  await buy(request, eventId, { ticketId, quantity: 3 });
  await openEditPage(page, eventId);
  const quantity = page.getByRole('textbox', { name: 'Quantité', description: '3 vendu(s)' });
  await expect(quantity).toHaveValue('10');

  await quantity.fill('1');
  await quantity.blur();
  await expect(page.getByText(/^Une erreur s'est produite: /)).toHaveText(
    "Une erreur s'est produite: La quantité du billet ne peut pas être inférieure au nombre de billets vendus (3).",
  );
  await expect(quantity).toHaveValue('10');
  expect((await manage()).tickets[0]?.quantity).toBe(10);

  await quantity.fill('12');
  await quantity.blur();
  await expect(page.getByText('Votre billet a bien été modifié.')).toHaveCount(1);
  expect((await manage()).tickets[0]?.quantity).toBe(12);
  await expect(quantity).toHaveValue('12');

  // The switches follow the server: they change once the change is saved.
  const available = page.getByRole('switch', { name: 'Disponible' });
  await available.click({ force: true });
  await expect(page.getByText('Votre billet a bien été modifié.')).toHaveCount(2);
  await expect(available).not.toBeChecked();
  const hidden = page.getByRole('switch', { name: 'Billet masqué' });
  await hidden.click({ force: true });
  await expect(page.getByText('Votre billet a bien été modifié.')).toHaveCount(3);
  await expect(hidden).toBeChecked();
  expect((await manage()).tickets[0]).toMatchObject({ isAvailable: false });
});

test('a creator who is not verified reaches their edit page from the event page and their profile', async ({
  page,
}) => {
  await newBuyer(page);
  const title = `Pique-nique ${Date.now()}`;
  const id = await createPrivateEvent(page.request, { title });

  await page.goto(`/billetterie/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('link', { name: "Modifier l'événement" }).click();
  await expect(page).toHaveURL(new RegExp(`/editevents/${id}$`));
  await expect(page.getByRole('heading', { name: "Modification de l'événement" })).toBeVisible();

  await page.goto('/profil');
  await page.getByRole('link', { name: `Modifier l'événement ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/editevents/${id}$`));
});

test('a choice ticket whose option is sold cannot be deleted, and the button says why', async ({ page, request }) => {
  const eventId = await organiserEvent(request, {
    ticketList: [
      { title: 'Standard', price: 12, quantity: 10 },
      choiceTicket('Formule', [
        ['Repas', 10, 5],
        ['Boisson', 5, 5],
      ]),
    ],
  });
  const manage = async () =>
    (await (await request.get(`/api/events/${eventId}/manage`)).json()) as { tickets: { id: string; title: string }[] };
  await sellAtDoor(request, eventId, {
    ticketId: (await manage()).tickets.find((t) => t.title === 'Repas')?.id ?? '',
    payment: 'cash',
    participant: { email: uniqueEmail('repas'), firstName: 'Rémi', lastName: 'Repas' },
  });

  await openEditPage(page, eventId);
  const reason = 'Ce billet a déjà été acheté : il ne peut pas être supprimé.';
  for (const title of ['Formule', 'Repas']) {
    const button = page.getByRole('button', { name: `Supprimer le billet ${title}`, exact: true });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(reason);
  }
  let deletions = 0;
  page.on('request', (sent) => {
    if (sent.method() === 'DELETE') deletions++;
  });
  // Greyed out, it says why on hover, and a click deletes nothing.
  const formule = page.getByRole('button', { name: 'Supprimer le billet Formule', exact: true });
  await formule.hover();
  await expect(page.getByRole('tooltip')).toHaveText(reason);
  await formule.click({ force: true });
  expect(deletions).toBe(0);
  expect((await manage()).tickets.map((t) => t.title)).toContain('Formule');

  // A ticket nobody took is still deleted.
  const boisson = page.getByRole('button', { name: 'Supprimer le billet Boisson', exact: true });
  await expect(boisson).not.toHaveAttribute('aria-disabled', 'true');
  await boisson.click();
  await expect(boisson).toHaveCount(0);
  expect((await manage()).tickets.map((t) => t.title)).not.toContain('Boisson');
});

test('number fields keep what was typed and say what is wrong', async ({ page, request }) => {
  const eventId = await organiserEvent(request, { ticketList: [{ title: 'Entrée', price: 10, quantity: 10 }] });
  await openEditPage(page, eventId);
  const quantities = page.getByRole('textbox', { name: 'Quantité', exact: true });
  const saved = quantities.nth(0);
  await expect(saved).toHaveValue('10');
  const whole = 'La quantité doit être un nombre entier supérieur à 0.';

  // A saved ticket's quantity: '2.5' stays '2.5', is explained, and is not sent.
  let patches = 0;
  page.on('request', (sent) => {
    if (sent.method() === 'PATCH') patches++;
  });
  await saved.fill('2.5');
  await saved.blur();
  await expect(saved).toHaveValue('2.5');
  await expect(page.getByText(whole)).toBeVisible();
  expect(patches).toBe(0);
  await saved.fill('12');
  await saved.blur();
  await expect(page.getByText('Votre billet a bien été modifié.')).toBeVisible();
  await expect(page.getByText(whole)).toHaveCount(0);

  // A new ticket: '0' stays '0' (it used to become 1), a negative price stays negative.
  await page.getByRole('button', { name: 'Ajouter un billet' }).click();
  const draft = quantities.nth(1);
  await draft.fill('0');
  await draft.blur();
  await expect(draft).toHaveValue('0');
  await expect(page.getByText(whole)).toBeVisible();
  await draft.fill('-3');
  await draft.blur();
  await expect(draft).toHaveValue('-3');
  const price = page.getByRole('textbox', { name: 'Prix (€)', exact: true });
  await price.fill('-5');
  await price.blur();
  await expect(price).toHaveValue('-5');
  await expect(page.getByText('Les prix des billets doivent être supérieurs à 0€.')).toBeVisible();
});

test('a ticket’s VAT rate is chosen on the edit form, said saved, and shown with the price', async ({
  page,
  request,
}) => {
  const eventId = await organiserEvent(request, { ticketList: [{ title: 'Standard', price: 10, quantity: 10 }] });
  await openEditPage(page, eventId);
  const rate = page.getByRole('textbox', { name: 'Taux de TVA' });
  await expect(rate).toHaveAccessibleDescription('Le prix reste TTC : la TVA est comprise dedans.');
  await rate.click();
  await page.getByRole('option', { name: '10 % (foire, salon, exposition)' }).click();
  await expect(page.getByText('Taux de TVA enregistré. Les factures déjà émises gardent leur taux.')).toBeVisible();
  await expect(rate).toHaveValue('10 % (foire, salon, exposition)');
  await screenshotBothThemes(page, rate, 'ticket-vat-rate');

  await page.goto(`/billetterie/${eventId}`);
  await expect(page.getByText('dont TVA 10 %').first()).toBeVisible();
  await screenshotBothThemes(page, page.getByText('dont TVA 10 %').first(), 'event-page-vat');
});
