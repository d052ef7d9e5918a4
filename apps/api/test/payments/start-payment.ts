import type { StartPayment } from '../../src/payments/provider';

/** An order's payment as the checkout hands it to a provider: 2 places, 12,50 €, returning to the shop. */
export function startPayment(overrides: Partial<StartPayment> = {}): StartPayment {
  return {
    orderId: '6f1c1d1e-0000-4000-8000-000000000001',
    reference: 'CMD-0001',
    amountCents: 1250,
    ticketCount: 2,
    buyer: { email: 'zoe@example.test', firstName: 'Zoë', lastName: "O'Brien-Dupré" },
    returnUrls: {
      accepted: 'https://shop.test/paiement/accepte',
      refused: 'https://shop.test/paiement/refuse',
      cancelled: 'https://shop.test/paiement/annule',
      notify: 'https://shop.test/api/payments/ipn',
    },
    ...overrides,
  };
}
