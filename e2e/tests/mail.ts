import { type APIRequestContext, expect, type Locator } from '@playwright/test';

export type Mail = { subject: string; text: string };

/** The messages sent to `email` in the development mailbox, newest first. */
export async function mailsTo(request: APIRequestContext, email: string) {
  const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Mail[];
}

/** The newest message sent to `email`, once there is one. */
export async function lastMail(request: APIRequestContext, email: string) {
  let mails: Mail[] = [];
  await expect
    .poll(async () => {
      mails = await mailsTo(request, email);
      return mails.length;
    })
    .toBeGreaterThan(0);
  return mails[0] as Mail;
}

/**
 * The newest message sent to `email` that `matches`, once there is one: other journeys mail the
 * same shared addresses, so a test looks for its own message among them.
 */
export async function mailMatching(request: APIRequestContext, email: string, matches: (mail: Mail) => boolean) {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(request, email)).find(matches);
      return Boolean(found);
    })
    .toBe(true);
  return found as Mail;
}

/** The six-digit code of the newest message sent to `email` (a verification or reset code). */
export async function mailedCode(request: APIRequestContext, email: string) {
  const code = /\b(\d{6})\b/.exec((await lastMail(request, email)).text)?.[1] ?? '';
  expect(code).toHaveLength(6);
  return code;
}

/**
 * Opens the raw message of the message shown in `scope` in the development mailbox (once it was
 * sent, the page looks again every 3 s) and answers its region. A click just after the message
 * was opened was seen to leave the button closed, once in a loaded CI run and once here: it is
 * clicked again until the button says it is open.
 */
export async function openRawMessage(scope: Locator) {
  const button = scope.getByRole('button', { name: 'Message brut' });
  await expect(button).toBeVisible({ timeout: 20_000 });
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass();
  return scope.getByRole('region', { name: 'Message brut' });
}
