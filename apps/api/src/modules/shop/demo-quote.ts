import type { AppDeps } from '../../app-deps';
import { listProducts } from './catalogue.service';
import { createQuoteRequest } from './quote.service';

/**
 * One quote request in the demo data, sent through the real service (stored, priced, mailed), so
 * that the administrator's list at /admin/devis has something to show.
 */
export async function seedDemoQuoteRequest(deps: AppDeps): Promise<void> {
  const rentals = await listProducts(deps, 'location');
  const purchases = await listProducts(deps, 'achat');
  const terminal = rentals[0];
  const cups = purchases.find((p) => p.variants.some((v) => v.quantities));
  const cupType = cups?.variants.find((v) => v.quantities)?.label;
  if (!terminal || !cups || !cupType) return;
  const start = new Date(deps.clock.now().getTime() + 30 * 86_400_000);
  await createQuoteRequest(deps, null, {
    partner: true,
    structureName: 'BDE Centrale Démo',
    email: 'bde.demo@guichet.test',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
    billing: { address: '8 boulevard du Port', postcode: '95000', city: 'Cergy' },
    phone: '0612345678',
    delivery: { address: '1 rue de la Gare', postcode: '75010', city: 'Paris' },
    comments: 'Soirée de rentrée, environ 400 personnes.',
    acceptTerms: true,
    lines: [
      { productId: terminal.id, quantity: 2 },
      { productId: cups.id, variant: cupType, quantity: 500 },
    ],
  });
}
