import { fr, QUOTE_REQUESTS_PAGE_SIZE, type ShopProduct, showcaseFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createUser, loginAs, uniqueEmail, withTestApp } from '../../../test/helpers';
import { mailsTo } from '../../../test/modules/account/support';
import { useTestApp } from '../../../test/use-test-app';
import { quoteRequestLines, quoteRequests } from '../../db/schema';

const t = useTestApp();
let products: ShopProduct[];
const byTitle = (title: string) => {
  const product = products.find((p) => p.title === title);
  if (!product) throw new Error(`no product ${title}`);
  return product;
};

beforeAll(async () => {
  products = (await t.app.inject({ method: 'GET', url: '/api/shop/products' })).json();
});

const m = showcaseFr.quote;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const request = (overrides: Record<string, unknown> = {}) => ({
  partner: false,
  structureName: 'BDE Centrale',
  email: uniqueEmail('devis'),
  startsAt: inDays(10),
  endsAt: inDays(11),
  billing: { address: '8 boulevard du Port', postcode: '95000', city: 'Cergy' },
  phone: '0612345678',
  delivery: { address: '1 rue de la Gare', postcode: '75010', city: 'Paris' },
  comments: 'Soirée de rentrée, 400 personnes.',
  acceptTerms: true,
  lines: [
    { productId: byTitle('Terminal de paiement 3G').id, quantity: 2 },
    { productId: byTitle('Gobelets').id, variant: 'Gobelets rouges', quantity: 500 },
    { productId: byTitle('Photographe').id, quantity: 3 },
  ],
  ...overrides,
});

const post = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quote-requests',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

describe('quote requests', () => {
  it('stores the request with its cart priced by the catalogue, and mails the shop and the visitor', async () => {
    const body = request();
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    // 2 × 15,50 € + 500 red cups at 5 € the 50; the photographer is priced in the quote.
    expect(row).toMatchObject({
      status: 'new',
      partner: false,
      subtotalCents: 8100,
      discountCents: 0,
      totalCents: 8100,
    });
    const lines = await t.database.db.select().from(quoteRequestLines).where(eq(quoteRequestLines.quoteRequestId, id));
    expect(lines.map((l) => [l.title, l.quantity, l.amountCents, l.priceLabel])).toEqual([
      ['Terminal de paiement 3G', 2, 3100, null],
      ['Gobelets', 500, 5000, null],
      ['Photographe', 3, null, "À partir de 25 € de l'heure"],
    ]);
    const [shopMail] = (await mailsTo(t, t.config.shopEmail)).filter((mail) => mail.text.includes(body.email));
    expect(shopMail?.subject).toContain('BDE Centrale');
    expect(shopMail?.text).toContain('Terminal de paiement 3G');
    const [visitorMail] = await mailsTo(t, body.email);
    expect(visitorMail?.text).toContain('sous 24 heures');
    expect(visitorMail?.text).toContain('81,00 €');
    expect(visitorMail?.text).toContain(id);
  });

  it("speaks to the shop in the shop's copy, and to the visitor in theirs", async () => {
    const body = request();
    expect((await post(body)).statusCode).toBe(201);
    const [shopMail] = (await mailsTo(t, t.config.shopEmail)).filter((mail) => mail.text.includes(body.email));
    expect(shopMail?.text).toContain(`${showcaseFr.mail.shopLinesTitle}\n- 2 × Terminal de paiement 3G : 31,00 €`);
    expect(shopMail?.text).toContain(showcaseFr.mail.shopOnQuote);
    expect(shopMail?.text).not.toContain('Votre panier');
    expect(shopMail?.text).not.toContain('notre devis');
    const [visitorMail] = await mailsTo(t, body.email);
    expect(visitorMail?.text).toContain('Votre panier :\n- 2 × Terminal de paiement 3G : 31,00 €');
    expect(visitorMail?.text).toContain(showcaseFr.mail.onQuote);
  });

  it('stores a phone typed in pairs as its ten digits', async () => {
    const response = await post(request({ phone: '06 12 34 56 78' }));
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, response.json().id));
    expect(row?.phone).toBe('0612345678');
  });

  it('gives partners 50 % off the rentals only, shown in the summary', async () => {
    const body = request({ partner: true });
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, response.json().id));
    expect(row).toMatchObject({ partner: true, subtotalCents: 8100, discountCents: 1550, totalCents: 6550 });
    const [mail] = await mailsTo(t, body.email);
    expect(mail?.text).toContain('Remise partenaire');
    expect(mail?.text).toContain('-15,50 €');
  });

  it('records the logged-in sender from the session', async () => {
    const user = await createUser(t);
    const response = await post(request({ email: user.email }), await loginAs(t, user.email));
    const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, response.json().id));
    expect(row?.userId).toBe(user.id);
  });

  const address = { address: '8 boulevard du Port', postcode: '95000', city: 'Cergy' };
  it.each<[string, Record<string, unknown>, string, string]>([
    ['everything missing', {}, 'partner', m.partnerRequired('Guichet')],
    ['the partner choice', { partner: undefined }, 'partner', m.partnerRequired('Guichet')],
    ['the structure', { structureName: ' ' }, 'structureName', m.structureRequired],
    ['the email', { email: '' }, 'email', m.emailRequired],
    ['the start', { startsAt: '' }, 'startsAt', m.startRequired],
    ['the end', { endsAt: '' }, 'endsAt', m.endRequired],
    ['the billing city', { billing: { ...address, city: '' } }, 'billing.city', m.billingCityRequired],
    ['the billing postcode', { billing: { ...address, postcode: '' } }, 'billing.postcode', m.billingPostcodeRequired],
    ['the billing address', { billing: { ...address, address: '' } }, 'billing.address', m.billingAddressRequired],
    ['the phone', { phone: '' }, 'phone', m.phoneRequired],
    ['the delivery city', { delivery: { ...address, city: '' } }, 'delivery.city', m.deliveryCityRequired],
    ['the delivery address', { delivery: { ...address, address: '' } }, 'delivery.address', m.deliveryAddressRequired],
    ['the consent', { acceptTerms: false }, 'acceptTerms', m.termsRequired],
    ['the cart', { lines: [] }, 'lines', m.cartEmpty],
    ['a structure of 51 characters', { structureName: 'x'.repeat(51) }, 'structureName', m.structureTooLong],
    ['an email of 51 characters', { email: `${'x'.repeat(45)}@ab.fr` }, 'email', m.emailTooLong],
    ['an invalid email', { email: 'bde@' }, 'email', m.emailInvalid],
    ['an end before the start', { endsAt: inDays(9) }, 'endsAt', m.endBeforeStart],
    ['a start in the past', { startsAt: inDays(-1) }, 'startsAt', m.startInPast],
    [
      'an address of 101 characters',
      { billing: { ...address, address: 'x'.repeat(101) } },
      'billing.address',
      m.addressTooLong,
    ],
    ['a postcode of 4 digits', { delivery: { ...address, postcode: '9500' } }, 'delivery.postcode', m.postcodeInvalid],
    ['a city of 51 characters', { billing: { ...address, city: 'x'.repeat(51) } }, 'billing.city', m.cityTooLong],
    ['a landline', { phone: '0140000000' }, 'phone', m.phoneInvalid],
    [
      'structure and email missing: the first rule',
      { structureName: '', email: '' },
      'structureName',
      m.structureRequired,
    ],
  ])('refuses %s with the spec message, in its order', async (_name, overrides, field, message) => {
    const body = Object.keys(overrides).length === 0 ? {} : request(overrides);
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field });
  });

  it('refuses an unknown product, a missing type and a cup count off the list', async () => {
    const cups = byTitle('Gobelets').id;
    for (const lines of [
      [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      [{ productId: 'terminal', quantity: 1 }],
      [{ productId: cups, quantity: 50 }],
    ]) {
      expect((await post(request({ lines }))).json()).toMatchObject({ message: m.unknownProduct });
    }
    for (const quantity of [0, 75, 5050]) {
      const response = await post(request({ lines: [{ productId: cups, variant: 'Gobelets rouges', quantity }] }));
      expect(response.json()).toMatchObject({ message: m.quantityInvalid });
    }
  });

  it('lets the administrator list the requests and set their status, and no one else', async () => {
    const body = request();
    const { id } = (await post(body)).json();
    const admin = await adminCookie(t);
    const user = await loginAs(t, (await createUser(t)).email);
    const get = (cookie?: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/quote-requests${query}`, headers: cookie ? { cookie } : {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(user)).statusCode).toBe(403);
    const listed = (await get(admin)).json().items.find((r: { id: string }) => r.id === id);
    expect(listed).toMatchObject({ status: 'new', email: body.email, totalCents: 8100 });
    expect(listed.lines).toHaveLength(3);

    const patch = (status: string, cookie = admin) =>
      t.app.inject({ method: 'PATCH', url: `/api/quote-requests/${id}`, payload: { status }, headers: { cookie } });
    expect((await patch('won', user)).statusCode).toBe(403);
    expect((await patch('maybe')).statusCode).toBe(400);
    const won = await patch('won');
    expect(won.json()).toMatchObject({ id, status: 'won' });
    const wonList = (await get(admin, '?status=won')).json().items;
    expect(wonList.some((r: { id: string }) => r.id === id)).toBe(true);
    expect((await get(admin, '?status=new')).json().items.some((r: { id: string }) => r.id === id)).toBe(false);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/quote-requests/00000000-0000-4000-8000-000000000000',
      payload: { status: 'lost' },
      headers: { cookie: admin },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists every request a page at a time, newest first, past the old limit of one screen', async () => {
    // Its own application: the requests of the other tests do not move the pages.
    await withTestApp({}, async (own) => {
      const catalogue: ShopProduct[] = (await own.app.inject({ method: 'GET', url: '/api/shop/products' })).json();
      const terminal = catalogue.find((p) => p.title === 'Terminal de paiement 3G');
      const sent: string[] = [];
      for (let i = 0; i < QUOTE_REQUESTS_PAGE_SIZE + 3; i++) {
        const response = await own.app.inject({
          method: 'POST',
          url: '/api/quote-requests',
          payload: request({ structureName: `Structure ${i}`, lines: [{ productId: terminal?.id, quantity: 1 }] }),
          remoteAddress: `10.7.${i}.1`,
        });
        expect(response.statusCode).toBe(201);
        sent.push(response.json().id);
      }
      const admin = await loginAs(own, (await createUser(own, { role: 'admin' })).email);
      const get = (query: string) =>
        own.app.inject({ method: 'GET', url: `/api/quote-requests${query}`, headers: { cookie: admin } });
      const page = async (query: string) => (await get(query)).json();
      const first = await page('');
      // The demo data's request, if seeded, is older than these.
      expect(first.total).toBeGreaterThanOrEqual(QUOTE_REQUESTS_PAGE_SIZE + 3);
      expect(first.pageSize).toBe(QUOTE_REQUESTS_PAGE_SIZE);
      expect(first.items).toHaveLength(QUOTE_REQUESTS_PAGE_SIZE);
      expect(first.items[0].id).toBe(sent.at(-1));
      const second = await page('?page=2');
      const seen = [...first.items, ...second.items].map((r: { id: string }) => r.id);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expect.arrayContaining(sent));
      expect((await get('?page=0')).statusCode).toBe(400);
    });
  });

  it('is rate limited per address', async () => {
    await withTestApp({ config: { rateLimitMax: 1 } }, async (limited) => {
      // Its own catalogue: on PGlite each application has its own database, and its own ids.
      const catalogue: ShopProduct[] = (await limited.app.inject({ method: 'GET', url: '/api/shop/products' })).json();
      const terminal = catalogue.find((p) => p.title === 'Terminal de paiement 3G');
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/quote-requests',
          payload: request({ lines: [{ productId: terminal?.id, quantity: 1 }] }),
          remoteAddress: '10.9.8.7',
        });
      expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(fr.common.tooManyRequests);
    });
  });
});
