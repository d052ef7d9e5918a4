import { orders, participations } from '../../../src/db/schema';
import { signTicketCode } from '../../../src/modules/ticket-codes/codes';
import { loadTicketKeys } from '../../../src/modules/ticket-codes/keys';
import { createEvent, createUser, type TestApp } from '../../helpers';

/**
 * A paid order of `quantity` places and the code signed for it. One place is today's ticket; with
 * more, the order is as the migration to one ticket per place left an older one: its first place
 * keeps the participation's id, the others were split from it, and the code (signed for all the
 * places) lets in any of them (docs/decisions.md, "One ticket per place").
 */
export async function participationWithCode(
  t: TestApp,
  eventId: string,
  ticketId: string,
  quantity: number,
  holder = { firstName: 'Zoé', lastName: 'Lefèvre' },
) {
  const user = await createUser(t, holder);
  const [order] = await t.database.db
    .insert(orders)
    .values({
      reference: `T${Math.random().toString(36).slice(2, 12)}`,
      eventId,
      userId: user.id,
      buyerEmail: user.email,
      buyerFirstName: holder.firstName,
      buyerLastName: holder.lastName,
      buyerBirthDate: '1995-05-05',
      status: 'paid',
      provider: 'sandbox',
      subtotalCents: 1000 * quantity,
      totalCents: 1000 * quantity,
      ticketCount: quantity,
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  const place = { eventId, ticketId, userId: user.id, orderId: order?.id, quantity: 1 };
  const [participation] = await t.database.db.insert(participations).values(place).returning();
  if (!participation) throw new Error('participation not created');
  const split =
    quantity > 1
      ? await t.database.db
          .insert(participations)
          .values(Array.from({ length: quantity - 1 }, () => ({ ...place, splitFrom: participation.id })))
          .returning()
      : [];
  const code = signTicketCode({ id: participation.id, eventId, quantity }, loadTicketKeys(t.config).privateKey);
  return { user, participation, places: [participation, ...split], code };
}

/** An event with a verified organiser, one paid ticket, and a member of its staff. */
export async function doorEvent(t: TestApp, values: Parameters<typeof createEvent>[2] = {}) {
  const organizer = await createUser(t, { isVerified: true, firstName: 'Olivier', lastName: 'Orga' });
  const { event, tickets } = await createEvent(t, organizer.id, values, [{ priceCents: 1000, quantity: 100 }]);
  const ticket = tickets[0];
  if (!ticket) throw new Error('ticket missing');
  return { organizer, event, ticket };
}
