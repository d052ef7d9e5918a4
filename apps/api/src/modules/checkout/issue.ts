import { checkoutFr } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { discountCodes, events, type orders, participations } from '../../db/schema';
import { queueMail } from '../../mail/outbox';

const m = checkoutFr;

/**
 * Participations are issued once, in the transaction that marks the order paid, with the
 * buyer's confirmation e-mail.
 */
export async function issueParticipations(
  tx: AppDeps['db'],
  order: Pick<typeof orders.$inferSelect, 'id' | 'eventId' | 'userId' | 'buyerEmail' | 'buyerFirstName' | 'reference'>,
  lines: { ticket: { id: string }; quantity: number; refundPlaces: number }[],
  discountCodeId: string | null,
  site: { brandName: string; publicUrl: string },
) {
  const event = await tx.query.events.findFirst({ where: eq(events.id, order.eventId) });
  await queueMail(tx, {
    to: order.buyerEmail,
    subject: m.confirmationMail.subject(site.brandName, event?.title ?? ''),
    text: m.confirmationMail.body(
      order.buyerFirstName,
      event?.title ?? '',
      order.reference,
      `${site.publicUrl}/myTickets`,
    ),
  });
  await tx.insert(participations).values(
    lines.map((l) => ({
      eventId: order.eventId,
      ticketId: l.ticket.id,
      userId: order.userId,
      orderId: order.id,
      quantity: l.quantity,
      refundPlaces: l.refundPlaces,
    })),
  );
  if (discountCodeId) {
    await tx
      .update(discountCodes)
      .set({ used: sql`${discountCodes.used} + 1` })
      .where(eq(discountCodes.id, discountCodeId));
  }
}
