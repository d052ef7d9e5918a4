import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { DEMO, logInAs, newBuyer, otherPerson } from './accounts';
import { DAY, eventDetail, organiserEvent } from './events';
import { buy } from './purchases';
import { screenshotBothThemes } from './screenshots';

const HOUR = 3_600_000;

test.describe('an event of several dates (issue 32)', () => {
  test('shows its dates first, sells the date chosen, and says a full date is full', async ({ page, request }) => {
    const start = Date.now() + 60 * DAY;
    const eventId = await organiserEvent(request, {
      dateBegin: new Date(start).toISOString(),
      dateEnd: new Date(start + 3 * HOUR).toISOString(),
      ticketList: [{ title: 'Entrée', price: 0, quantity: 50 }],
    });
    // A second date, the next day, of one place.
    const added = await request.post(`/api/console/events/${eventId}/dates`, {
      data: {
        dateBegin: new Date(start + DAY).toISOString(),
        dateEnd: new Date(start + DAY + 3 * HOUR).toISOString(),
        capacity: 1,
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { id: secondDate } = (await added.json()) as { id: string };
    const reversed = await request.post(`/api/console/events/${eventId}/dates`, {
      data: { dateBegin: new Date(start + 3 * DAY).toISOString(), dateEnd: new Date(start + 2 * DAY).toISOString() },
    });
    expect(reversed.status()).toBe(400);
    expect((await reversed.json()).message).toBe('La fin de la date doit être après son début.');

    await newBuyer(page);
    await page.goto(`/billetterie/${eventId}`);
    const main = page.getByRole('main');
    const dates = main.getByRole('radio');
    await expect(dates).toHaveCount(2);
    await expectAccessible(page);
    await screenshotBothThemes(page, main.getByRole('heading', { name: 'Dates', exact: true }), 'dates');
    // The choice is kept in the address, which the radios follow: checked once the address says so.
    await dates.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`date=${secondDate}`));
    await expect(dates.nth(1)).toBeChecked();
    await expect(main.getByText(/^Billets du /)).toBeVisible();
    await main.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
    await main.getByRole('button', { name: 'Suivant' }).click();
    await expect(main.getByRole('heading', { name: 'Vos informations' })).toBeFocused();
    await main.getByRole('button', { name: 'Suivant' }).click();
    await main.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await expect(main.getByText('Votre réservation a bien été effectuée.')).toBeVisible();

    // The place is the second date's, and that date, of one place, is now full.
    const mine = (await (await page.request.get('/api/me/participations')).json()) as { dateId?: string | null }[];
    expect(mine.map((place) => place.dateId)).toEqual([secondDate]);
    await page.goto(`/billetterie/${eventId}`);
    await expect(main.getByRole('radio')).toHaveCount(2);
    await expect(main.getByRole('radio').nth(1)).toBeDisabled();
    await expect(main.getByText('Complet').first()).toBeVisible();
  });

  test('at a door without a list, lets in tonight’s places and refuses another date’s', async ({ page, browser }) => {
    await logInAs(page, DEMO.organizer, DEMO.password);
    // Tonight's date starts in a few minutes; the second is tomorrow.
    const start = Date.now() + 10 * 60_000;
    const title = `Séances ${Math.random().toString(36).slice(2, 7)}`;
    const eventId = await organiserEvent(page.request, {
      title,
      dateBegin: new Date(start).toISOString(),
      dateEnd: new Date(start + 3 * HOUR).toISOString(),
      ticketList: [{ title: 'Entrée', price: 0, quantity: 50 }],
    });
    const added = await page.request.post(`/api/console/events/${eventId}/dates`, {
      data: { dateBegin: new Date(start + DAY).toISOString(), dateEnd: new Date(start + DAY + 3 * HOUR).toISOString() },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { id: tomorrow } = (await added.json()) as { id: string };
    const { ticketId } = await eventDetail(page.request, eventId);
    const shortCodeOf = async (dateId: string) => {
      const { context: buyer } = await otherPerson(browser);
      await buy(buyer.request, eventId, { ticketId: ticketId('Entrée'), quantity: 1, dateId });
      const [place] = (await (await buyer.request.get('/api/me/participations')).json()) as { id: string }[];
      const codes = await (await buyer.request.get(`/api/me/participations/${place?.id}/code`)).json();
      await buyer.close();
      return codes.shortCode as string;
    };
    const tonight = await shortCodeOf(eventId);
    const later = await shortCodeOf(tomorrow);

    await page.goto(`/scan/${eventId}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const result = page.getByTestId('scan-result');
    const check = async (shortCode: string) => {
      await page.getByRole('textbox', { name: 'Code du billet' }).fill(shortCode);
      await page.getByRole('button', { name: 'Vérifier' }).click();
    };
    await check(tonight);
    await expect(result).toHaveAttribute('data-tone', 'accepted');
    await check(later);
    await expect(result).toHaveAttribute('data-tone', 'refused');
    await expect(result).toContainText('Autre date');
    await expect(result).toContainText("Ce billet n'est pas valable pour la date en cours");
    await expectAccessible(page);
    await screenshotBothThemes(page, result, 'door-other-date');
  });
});
