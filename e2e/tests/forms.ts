import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses a form's button and expects the alert the form answers with: the message of its first
 * failing check (or the server's refusal), as every form of the app shows one.
 */
export async function submitExpectingAlert(form: Page | Locator, button: string, message: string) {
  await form.getByRole('button', { name: button }).click();
  await expect(form.getByRole('alert')).toHaveText(message);
}
