import type { Page } from '@playwright/test';

/** The Stripe deployment of playwright.config.ts and its stand-in for Stripe's API. */
const MAIN_PORT = Number(process.env.E2E_PORT ?? 3210);
export const STRIPE_SERVER = `http://localhost:${MAIN_PORT + 2}`;
const STRIPE_API = `http://127.0.0.1:${MAIN_PORT + 3}`;

/**
 * Runs in the page in place of Stripe.js (js.stripe.com is out of reach here). It implements only
 * what the app calls: elements(), create('payment' | 'expressCheckout'), mount, on/off('ready'),
 * and confirmPayment, which confirms the PaymentIntent at api.stripe.com as Stripe.js does (the
 * test routes that to the stand-in). The Payment Element is a select of Stripe's test cards; the
 * Express Checkout Element finds no wallet, as in a browser without Apple Pay or Google Pay.
 */
function installStripeDouble() {
  type Handler = (event: unknown) => void;
  const seen: { publishableKey?: string; clientSecret?: string; created: string[] } = { created: [] };
  (window as unknown as { __stripeDouble: typeof seen }).__stripeDouble = seen;

  function createElement(type: string) {
    const handlers = new Map<string, Set<Handler>>();
    let mounted: HTMLElement | null = null;
    let select: HTMLSelectElement | null = null;
    const readyEvent = () =>
      type === 'expressCheckout' ? { elementType: type, availablePaymentMethods: undefined } : { elementType: type };
    const element = {
      mount(target: HTMLElement) {
        mounted = target;
        if (type === 'payment') {
          const label = document.createElement('label');
          label.textContent = 'Carte de test';
          select = document.createElement('select');
          for (const [value, text] of [
            ['pm_card_visa', 'Visa acceptée'],
            ['pm_card_chargeDeclined', 'Carte refusée'],
          ]) {
            select.append(new Option(text, value));
          }
          label.append(select);
          target.append(label);
        }
        for (const handler of handlers.get('ready') ?? []) setTimeout(() => handler(readyEvent()));
      },
      on(event: string, handler: Handler) {
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)?.add(handler);
        // React attaches its listeners after mounting: a mounted element is ready for them.
        if (event === 'ready' && mounted) setTimeout(() => handler(readyEvent()));
        return element;
      },
      off(event: string, handler: Handler) {
        handlers.get(event)?.delete(handler);
        return element;
      },
      update() {},
      unmount() {},
      destroy() {
        mounted?.replaceChildren();
      },
      paymentMethod: () => select?.value ?? 'pm_card_visa',
    };
    return element;
  }

  function Stripe(publishableKey: string) {
    seen.publishableKey = publishableKey;
    let payment: ReturnType<typeof createElement> | null = null;
    return {
      elements(options: { clientSecret: string }) {
        seen.clientSecret = options.clientSecret;
        return {
          create(type: string) {
            seen.created.push(type);
            const element = createElement(type);
            if (type === 'payment') payment = element;
            return element;
          },
          update() {},
          getElement: () => null,
        };
      },
      async confirmPayment({ confirmParams }: { confirmParams: { return_url: string } }) {
        const secret = seen.clientSecret ?? '';
        const id = secret.split('_secret_')[0];
        const response = await fetch(`https://api.stripe.com/v1/payment_intents/${id}/confirm`, {
          method: 'POST',
          body: new URLSearchParams({
            key: publishableKey,
            client_secret: secret,
            payment_method: payment?.paymentMethod() ?? 'pm_card_visa',
            return_url: confirmParams.return_url,
          }),
        });
        const body = await response.json();
        return body.error ? { error: body.error } : { paymentIntent: body };
      },
      createToken() {},
      createPaymentMethod() {},
      confirmCardPayment() {},
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  Stripe.version = 'endive';
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}

/** Serves the double for Stripe.js and passes its API calls to the stand-in, with Stripe's CORS. */
export async function routeStripe(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: `(${installStripeDouble.toString()})();` }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${STRIPE_API}${url.pathname}${url.search}` });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
}

export async function stripeDoubleCalls(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { __stripeDouble: { publishableKey?: string; clientSecret?: string; created: string[] } })
        .__stripeDouble,
  );
}
