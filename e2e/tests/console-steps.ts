import { expect, type Page } from '@playwright/test';
import { DEMO, logInAs } from './accounts';

type ConsoleVisit = { event?: string; tab?: string; email?: string; password?: string };

/** Logs in through the form (the demo organiser unless told otherwise) and opens the console, on an event's tab when given. */
export async function openConsole(
  page: Page,
  { event, tab, email = DEMO.organizer, password = DEMO.password }: ConsoleVisit = {},
) {
  await logInAs(page, email, password);
  const query = new URLSearchParams({ ...(event ? { event } : {}), ...(tab ? { tab } : {}) }).toString();
  await page.goto(`/event_management${query ? `?${query}` : ''}`);
}

/** The console's own theme switch, in its sidebar, to the light theme. */
export async function switchConsoleToLightTheme(page: Page) {
  await page
    .getByRole('navigation', { name: 'Mes événements' })
    .getByRole('button', { name: /thème clair/ })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
}
