import type { TicketRead } from '@guichet/shared';

/** A ticket as the event page reads it: on sale, plain (no choices, no gifts), 10 € unless `extra` says. */
export const ticketRead = (id: string, extra: Partial<TicketRead> = {}): TicketRead => ({
  id,
  title: id,
  description: '',
  priceCents: 1000,
  vatRate: '20',
  isSoldOut: false,
  placesLeft: 100,
  isAvailable: true,
  minToBuy: 1,
  maxToBuy: 5,
  isMultipart: false,
  isUserCanTakeInsurance: false,
  hasGiftTickets: false,
  options: [],
  gifts: [],
  ...extra,
});
