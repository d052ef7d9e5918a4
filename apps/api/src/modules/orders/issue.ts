import type { Database } from '../../db/client';
import type { orders } from '../../db/schema';
import { confirmationMail } from '../../mail/confirmation-mail';
import { queueMail } from '../../mail/outbox';
import { findEventTitle, insertParticipations } from './repository';

/**
 * Participations are issued once, in the transaction that marks the order paid, with the
 * buyer's confirmation e-mail (the promo code's use was taken with the places). The mail names its tickets; their PDF and QR code are made when
 * it is sent, so that this transaction stays as short in an on-sale rush as before.
 */
export async function issueParticipations(
  tx: Database,
  order: Pick<typeof orders.$inferSelect, 'id' | 'eventId' | 'userId' | 'buyerEmail' | 'buyerFirstName' | 'reference'>,
  lines: { ticket: { id: string }; quantity: number; refundPlaces: number; isGift?: boolean }[],
  site: { brandName: string; publicUrl: string },
  source: 'web' | 'presentiel' = 'web',
  knownEventTitle?: string,
): Promise<string[]> {
  const eventTitle = knownEventTitle ?? (await findEventTitle(tx, order.eventId));
  const participationIds = await insertParticipations(
    tx,
    order,
    lines.map((l) => ({
      ticketId: l.ticket.id,
      quantity: l.quantity,
      refundPlaces: l.refundPlaces,
      isGift: l.isGift ?? false,
    })),
    source,
  );
  await queueMail(tx, orderConfirmationMail(order, eventTitle, participationIds, site));
  return participationIds;
}

/** The buyer's confirmation e-mail of a paid order, naming its participations. */
export function orderConfirmationMail(
  order: Pick<typeof orders.$inferSelect, 'buyerEmail' | 'buyerFirstName' | 'reference'>,
  eventTitle: string,
  participationIds: string[],
  site: { brandName: string; publicUrl: string },
) {
  return confirmationMail({
    to: order.buyerEmail,
    brandName: site.brandName,
    firstName: order.buyerFirstName,
    eventTitle,
    reference: order.reference,
    ticketsUrl: `${site.publicUrl}/myTickets`,
    participationIds,
  });
}
