import { eq } from 'drizzle-orm';
import type { CheckoutDeps } from '../../modules/checkout/order.service';
import { createOrder } from '../../modules/checkout/order.service';
import { createManualEntry } from '../../modules/door-sales/service';
import { applyPaymentResult } from '../../modules/orders/payment-result';
import { events, orders, users } from '../schema';
import type { DemoSaleEvents } from './demo';

const FIRST_NAMES = ['Léa', 'Hugo', 'Chloé', 'Nathan', 'Inès', 'Louis', 'Manon', 'Gabriel', 'Jade', 'Arthur'];
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy'];

/**
 * The demo's sales, made by the code that makes real ones, so that every counter has its orders
 * and participations behind it: the past party sold at the door on its night, the concert sold
 * out online (held, then paid as the sandbox bank's notification pays it).
 */
export async function seedDemoSales(deps: CheckoutDeps, demo: DemoSaleEvents): Promise<void> {
  const nameOf = (i: number) => ({
    firstName: FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Léa',
    lastName: LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'Martin',
  });

  const doorNight = { ...deps, clock: { now: () => new Date(demo.past.dateBegin.getTime() + 90 * 60_000) } };
  for (let i = 0; i < 24; i++) {
    await createManualEntry(doorNight, demo.organizer, demo.past.id, {
      ticketId: demo.past.ticketId,
      quantity: 1 + (i % 3),
      payment: i % 2 ? 'card' : 'cash',
      participant: {
        ...nameOf(i),
        email: `participant${i + 1}@guichet.test`,
        phone: '',
        birthDate: `${2000 + (i % 6)}-0${1 + (i % 9)}-1${i % 10}`,
      },
    });
  }

  const buyers = await deps.db
    .insert(users)
    .values(
      Array.from({ length: 4 }, (_, i) => ({
        email: `acheteur${i + 1}@guichet.test`,
        passwordHash: demo.passwordHash,
        ...nameOf(i + 3),
        birthDate: `199${i + 4}-05-1${i}`,
        termsVersionAccepted: 1,
      })),
    )
    .returning();
  for (const [i, buyer] of buyers.entries()) {
    const held = await createOrder(deps, buyer, {
      eventId: demo.soldOut.id,
      lines: [{ ticketId: demo.soldOut.ticketId, quantity: 5, refundPlaces: 0 }],
      acceptTerms: true,
    });
    const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, held.id) });
    const provider = order?.provider;
    if (!order || (provider !== 'sandbox' && provider !== 'etransactions' && provider !== 'stripe')) {
      throw new Error('demo order not held');
    }
    await applyPaymentResult(
      deps,
      {
        reference: order.reference,
        status: 'paid',
        amountCents: order.totalCents,
        transactionId: `DEMO${i + 1}`,
      },
      provider,
    );
  }
  // Sold out, the organiser closed the sale (as the demo's concert shows it).
  await deps.db.update(events).set({ isOpen: false }).where(eq(events.id, demo.soldOut.id));
}
