import {
  choiceTicketSummary,
  defaultVatRate,
  type OptionInput,
  priceToCents,
  type TicketInput,
  type VatRate,
} from '@guichet/shared';
import type { Database } from '../../db/client';
import * as repo from './organiser.repository';

/** The VAT rate a ticket of the event starts with when its organiser names none. */
export async function eventVatDefault(tx: Database, event: { typeId: number | null }): Promise<VatRate> {
  return defaultVatRate(event.typeId === null ? null : await repo.findEventTypeLabel(tx, event.typeId));
}

/** Writes a ticket and, for a choice ticket, its options; the head carries their summary. */
export async function insertTicketWithOptions(
  tx: Database,
  event: { id: string; vatDefault: VatRate },
  ticket: TicketInput,
  position: number,
): Promise<repo.TicketRow> {
  const base = {
    eventId: event.id,
    vatRate: ticket.vatRate ?? event.vatDefault,
    title: ticket.title.trim(),
    description: ticket.description.trim(),
    isHidden: ticket.isHidden,
    isMultipart: ticket.isMultipart,
    isPass: !ticket.isMultipart && ticket.isPass === true,
    position,
  };
  if (!ticket.isMultipart) {
    return repo.insertTicket(tx, { ...base, priceCents: priceToCents(ticket) ?? 0, quantity: ticket.quantity ?? 0 });
  }
  const options = ticket.options.map((option) => ({
    option,
    priceCents: priceToCents(option) ?? 0,
    quantity: option.quantity ?? 0,
  }));
  const head = await repo.insertTicket(tx, { ...base, ...choiceTicketSummary(options) });
  for (const [index, { option, priceCents, quantity }] of options.entries()) {
    await insertOption(tx, head, option, priceCents, quantity, position + index + 1);
  }
  return head;
}

export function insertOption(
  tx: Database,
  head: repo.TicketRow,
  option: OptionInput,
  priceCents: number,
  quantity: number,
  position: number,
) {
  return repo.insertTicket(tx, {
    eventId: head.eventId,
    parentId: head.id,
    title: option.title.trim(),
    description: option.description.trim(),
    priceCents,
    vatRate: option.vatRate ?? head.vatRate,
    quantity,
    // Hiding a ticket hides its options.
    isHidden: head.isHidden || option.isHidden,
    position,
  });
}

/** After an option changes, the head shows the cheapest price and the total quantity again. */
export async function refreshChoiceSummary(tx: Database, headId: string): Promise<void> {
  const head = await repo.findTicket(tx, headId);
  if (!head) return;
  const options = (await repo.findTickets(tx, head.eventId)).filter((t) => t.parentId === headId);
  const available = options.filter((o) => o.isAvailable);
  const summary = choiceTicketSummary(available.length ? available : options);
  await repo.updateTicket(tx, headId, {
    priceCents: summary.priceCents,
    quantity: options.reduce((sum, o) => sum + o.quantity, 0),
    sold: options.reduce((sum, o) => sum + o.sold, 0),
  });
}

/** A ticket goes with its options when it is deleted. */
export const ticketsDeletedWith = (ticket: repo.TicketRow, all: readonly repo.TicketRow[]) => [
  ticket,
  ...all.filter((t) => t.parentId === ticket.id),
];

/**
 * Whether a ticket may be deleted: none of its places, nor its options' (a choice ticket's head
 * counts nothing itself), is sold, held or issued. The console greys its button out by the same rule.
 */
export function isTicketDeletable(
  ticket: repo.TicketRow,
  all: readonly repo.TicketRow[],
  withParticipations: ReadonlySet<string>,
): boolean {
  return !ticketsDeletedWith(ticket, all).some((t) => t.sold > 0 || t.held > 0 || withParticipations.has(t.id));
}
