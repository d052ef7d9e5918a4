import { accountFr, fr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, uniqueEmail, withTestApp } from '../../../test/helpers';
import { mailsTo } from '../../../test/modules/account/support';
import { useTestApp } from '../../../test/use-test-app';
import { contactMessages } from '../../db/schema';

const t = useTestApp();

const message = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Inès',
  lastName: 'Moreau',
  email: uniqueEmail('contact'),
  subject: 'partnership',
  message: 'Bonjour, nous organisons un festival.',
  ...overrides,
});

const post = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, headers: cookie ? { cookie } : {} });

const storedFrom = (email: string) =>
  t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe('contact', () => {
  it('stores the message and mails it to the contact address', async () => {
    const body = message();
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountFr.contact.sent });
    const [row] = await storedFrom(body.email);
    expect(row).toMatchObject({ firstName: 'Inès', subject: 'Partenariat', userId: null, message: body.message });
    const mail = (await mailsTo(t, t.config.contactEmail)).find((m) => m.text.includes(body.email));
    expect(mail?.subject).toContain('Partenariat');
    expect(mail?.text).toContain('Inès Moreau');
    expect(mail?.text).toContain(body.message);
  });

  it('accepts the French label as subject and records the logged-in sender', async () => {
    const user = await createUser(t);
    const body = message({ subject: "Problème avec l'achat d'un billet", email: user.email });
    const response = await post(body, await loginAs(t, user.email));
    expect(response.statusCode).toBe(200);
    const [row] = await storedFrom(user.email);
    expect(row).toMatchObject({ userId: user.id, subject: "Problème avec l'achat d'un billet" });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ lastName: '' }, 'lastName', accountFr.contact.lastNameRequired],
    [{ firstName: '' }, 'firstName', accountFr.contact.firstNameRequired],
    [{ email: '' }, 'email', accountFr.contact.emailRequired],
    [{ email: 'inès@' }, 'email', fr.auth.emailInvalid],
    [{ subject: '' }, 'subject', accountFr.contact.subjectRequired],
    [{ subject: 'Spam' }, 'subject', accountFr.contact.subjectRequired],
    [{ message: '  ' }, 'message', accountFr.contact.messageRequired],
    [{ firstName: 'x'.repeat(51) }, 'firstName', accountFr.contact.tooLong50],
    [{ lastName: 'x'.repeat(51) }, 'lastName', accountFr.contact.tooLong50],
    [{ email: `${'x'.repeat(45)}@ab.fr` }, 'email', accountFr.contact.tooLong50],
    [{ message: 'x'.repeat(601) }, 'message', accountFr.contact.messageTooLong],
    // The spec's order: nom before prénom.
    [{ firstName: '', lastName: '' }, 'lastName', accountFr.contact.lastNameRequired],
    [{}, 'lastName', accountFr.contact.lastNameRequired],
  ])('refuses %o with the spec message and stores nothing', async (overrides, field, text) => {
    const body = Object.keys(overrides).length === 0 ? {} : message(overrides);
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: text, field });
    if ('email' in body && typeof body.email === 'string' && body.email) {
      expect(await storedFrom(body.email)).toHaveLength(0);
    }
  });

  it('accepts a message of exactly 600 characters and names of 50', async () => {
    const response = await post(message({ message: 'x'.repeat(600), firstName: 'y'.repeat(50) }));
    expect(response.statusCode).toBe(200);
  });

  it('is rate limited per address', async () => {
    await withTestApp({ config: { rateLimitMax: 1 } }, async (limited) => {
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/api/contact', payload: message(), remoteAddress: '10.1.2.3' });
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(fr.common.tooManyRequests);
    });
  });
});
