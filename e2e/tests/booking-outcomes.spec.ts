import { expect, test } from '@playwright/test';
import { checkoutFr } from '../../packages/shared/src/messages/fr-checkout';
import { paymentFr } from '../../packages/shared/src/messages/fr-payment';
import { expectAccessible } from './accessibility';
import { newBuyer } from './accounts';
import { bookUpToPayment, goToBank, orderOf, ticketOf } from './booking-steps';
import { eventWithHiddenTicket, organiserEvent } from './events';

test.describe('booking outcomes', () => {
  test('a private link sells its hidden ticket, which stays out of reach without the key', async ({
    page,
    request,
  }) => {
    const eventId = await eventWithHiddenTicket(request, ['Entrée libre', 8, 50], ['Carré partenaires', 25, 10]);
    // The organiser makes the private link, as the 'Générer le lien' button does.
    const hiddenTickets = (await (await request.get(`/api/events/${eventId}/hidden-tickets`)).json()) as {
      id: string;
      title: string;
    }[];
    expect(hiddenTickets.map((t) => t.title)).toEqual(['Carré partenaires']);
    const hiddenId = hiddenTickets[0]?.id ?? '';
    const created = await request.post(`/api/events/${eventId}/share-links`, { data: { ticketIds: [hiddenId] } });
    expect(created.status(), await created.text()).toBe(201);
    const { key, url } = (await created.json()) as { key: string; url: string };
    expect(url).toMatch(new RegExp(`/billetterie/${eventId}\\?share=${key}$`));
    const privatePath = `/billetterie/${eventId}?share=${key}`;

    await newBuyer(page);
    const main = page.getByRole('main');

    // Without the key, neither the page nor the API offers the hidden ticket.
    await page.goto(`/billetterie/${eventId}`);
    await expect(main.getByRole('button', { name: /^Entrée libre/ })).toBeVisible();
    await expect(main.getByText('Carré partenaires')).toHaveCount(0);
    const refused = await page.request.post('/api/orders', {
      data: { eventId, lines: [{ ticketId: hiddenId, quantity: 1, refundPlaces: 0 }], acceptTerms: true },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'TICKET_UNAVAILABLE', message: checkoutFr.ticketUnavailable });
    expect(checkoutFr.ticketUnavailable).toBe('Billet non disponible');
    // A made-up key opens nothing either.
    const forged = await page.request.post('/api/orders', {
      data: {
        eventId,
        lines: [{ ticketId: hiddenId, quantity: 1, refundPlaces: 0 }],
        shareKey: 'AAAAAAAAAAAAAAAAAAAAAA',
        acceptTerms: true,
      },
    });
    expect(forged.status()).toBe(409);
    expect((await forged.json()).message).toBe(checkoutFr.ticketUnavailable);

    // With the key, the buyer sees it, picks it and pays at the sandbox bank.
    await page.goto(privatePath);
    await expect(main.getByRole('button', { name: /^Entrée libre/ })).toBeVisible();
    await expect(main.getByRole('button', { name: /^Carré partenaires/ })).toBeVisible();
    const orderId = await bookUpToPayment(page, 'Carré partenaires', 1);
    await goToBank(page, '25,00 €');
    await page.getByRole('button', { name: paymentFr.sandbox.pay, exact: true }).click();

    await expect(page).toHaveURL(/\/validationpaiement\/accepte\?retour=00000&ref=/);
    const order = await orderOf(page.request, orderId);
    expect(order.status).toBe('paid');
    const result = page.getByRole('status');
    await expect(result).toContainText(paymentFr.retour['00000']);
    await expect(result).toContainText(paymentFr.retour.acceptedDetail);
    expect(paymentFr.retour['00000']).toBe('Votre transaction a bien été acceptée.');
    await expect(page.getByText(`Référence de la commande : ${order.reference}`)).toBeVisible();
    await expectAccessible(page);

    await page.goto('/myTickets');
    await expect(page.getByRole('heading', { name: 'Mes billets', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /Billet : Carré partenaires/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Billet : Entrée libre/ })).toHaveCount(0);
  });

  // A refused card keeps the hold for another attempt: payment-attempts.spec.ts.
  const outcomes = [
    {
      name: 'cancelled',
      button: paymentFr.sandbox.cancel,
      path: 'annule',
      retour: '00001',
      title: paymentFr.retour['00001'],
      literal: 'Votre transaction a été annulée.',
      status: 'cancelled',
    },
  ] as const;

  for (const outcome of outcomes) {
    test(`a payment ${outcome.name} at the bank leaves no ticket and gives the places back`, async ({
      page,
      request,
    }) => {
      // Three places: a hold of two shows in what the event page lets anyone buy.
      const eventId = await organiserEvent(request, {
        ticketList: [{ title: 'Place assise', price: 15, quantity: 3 }],
      });
      await newBuyer(page);
      expect((await ticketOf(page.request, eventId, 'Place assise')).maxToBuy).toBe(3);

      await page.goto(`/billetterie/${eventId}`);
      const orderId = await bookUpToPayment(page, 'Place assise', 2);
      await goToBank(page, '30,00 €');
      expect((await ticketOf(request, eventId, 'Place assise')).maxToBuy).toBe(1);
      expect((await orderOf(page.request, orderId)).status).toBe('awaiting_payment');

      await page.getByRole('button', { name: outcome.button, exact: true }).click();

      await expect(page).toHaveURL(new RegExp(`/validationpaiement/${outcome.path}\\?retour=${outcome.retour}&ref=`));
      expect(outcome.title).toBe(outcome.literal);
      const result = page.getByRole('status');
      await expect(result).toContainText(outcome.literal);
      await expect(result).not.toContainText(paymentFr.retour.acceptedDetail);
      const order = await orderOf(page.request, orderId);
      expect(order.status).toBe(outcome.status);
      await expect(page.getByText(`Référence de la commande : ${order.reference}`)).toBeVisible();
      await expectAccessible(page);

      // The hold is released: the three places can be bought again, on the API and on the page.
      const ticket = await ticketOf(request, eventId, 'Place assise');
      expect(ticket).toMatchObject({ maxToBuy: 3, isSoldOut: false });
      await page.goto(`/billetterie/${eventId}`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: /^Place assise/ }).click();
      const add = main.getByRole('button', { name: 'Ajouter un billet Place assise' });
      for (let i = 0; i < 3; i++) await add.click();
      await expect(main.getByText('3 billets', { exact: true })).toBeVisible();
      await expect(add).toBeDisabled();

      // No ticket was issued.
      await page.goto('/myTickets');
      await expect(page.getByRole('heading', { name: 'Mes billets', level: 1 })).toBeVisible();
      await expect(page.getByText("Vous n'avez encore aucun billet.")).toBeVisible();
      await expect(page.getByRole('button', { name: /Billet : / })).toHaveCount(0);
    });
  }
});
