import type { MyParticipation } from '@guichet/shared';

/** One place of the signed-in holder on /myTickets, plain: a test changes what it looks at. */
export function myPlace(overrides: Partial<MyParticipation> = {}): MyParticipation {
  return {
    id: 'p-1',
    eventId: 'evt-1',
    eventTitle: 'Gala',
    dateBegin: '2030-06-01T18:00:00.000Z',
    dateEnd: '2030-06-01T23:00:00.000Z',
    dateMaxRefund: null,
    ticketId: 't-1',
    ticketTitle: 'Fosse',
    quantity: 1,
    bannerUrl: null,
    firstName: 'Inès',
    lastName: 'Martin',
    isGift: false,
    refundPlaces: 0,
    refundRequested: false,
    orderId: 'o-1',
    orderReference: 'GUI-ABC123',
    ticketNumbers: [12],
    pendingTransfer: null,
    isNamed: false,
    holdersEditableUntil: null,
    answersEditableUntil: null,
    resale: null,
    resaleOffer: null,
    ...overrides,
  };
}
