import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { events, type orders, participations } from '../../db/schema';
import { confirmationMail } from '../../mail/confirmation-mail';
import { queueMail } from '../../mail/outbox';

/**
 * Participations are issued once, in the transaction that marks the order paid, with the
 * buyer's confirmation e-mail (the promo code's use was taken with the places). The mail names its tickets; their PDF and QR code are made when
 * it is sent, so that this transaction stays as short in an on-sale rush as before.
 */
export async function issueParticipations(
  tx: AppDeps['db'],
  order: Pick<typeof orders.$inferSelect, 'id' | 'eventId' | 'userId' | 'buyerEmail' | 'buyerFirstName' | 'reference'>,
  lines: { ticket: { id: string }; quantity: number; refundPlaces: number; isGift?: boolean }[],
  site: { brandName: string; publicUrl: string },
  source: 'web' | 'presentiel' = 'web',
): Promise<string[]> {
  const event = await tx.query.events.findFirst({ where: eq(events.id, order.eventId) });
  const issued = await tx
    .insert(participations)
    .values(
      lines.map((l) => ({
        eventId: order.eventId,
        ticketId: l.ticket.id,
        userId: order.userId,
        orderId: order.id,
        quantity: l.quantity,
        refundPlaces: l.refundPlaces,
        isGift: l.isGift ?? false,
        source,
      })),
    )
    .returning({ id: participations.id });
  await queueMail(
    tx,
    confirmationMail({
      to: order.buyerEmail,
      brandName: site.brandName,
      firstName: order.buyerFirstName,
      eventTitle: event?.title ?? '',
      reference: order.reference,
      ticketsUrl: `${site.publicUrl}/myTickets`,
      participationIds: issued.map((p) => p.id),
    }),
  );
  return issued.map((p) => p.id);
}
