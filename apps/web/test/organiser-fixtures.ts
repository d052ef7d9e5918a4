import type { ManagedDiscount, ManagedEvent, ManagedTicket, SessionUser } from '@guichet/shared';
import { sessionUser } from './session-fixtures';

/** The organiser of the events below. */
export const organiser = (extra: Partial<SessionUser> = {}): SessionUser =>
  sessionUser({ id: 'u-org', email: 'odile@exemple.fr', firstName: 'Odile', lastName: 'Martin', ...extra });

export const managed = (extra: Partial<ManagedEvent> = {}): ManagedEvent => ({
  id: 'evt-1',
  organizerId: 'u-org',
  organizerName: 'Odile Martin',
  title: 'Gala de printemps',
  description: 'Une soirée.',
  address: '1 rue de la Paix, Paris',
  latitude: 48.86,
  longitude: 2.33,
  typeId: 1,
  type: 'Soirée',
  dateBegin: '2099-05-01T18:00:00.000Z',
  dateEnd: '2099-05-01T23:00:00.000Z',
  dateMaxRefund: null,
  nbMaxParticipants: 100,
  isPublic: true,
  isOpen: true,
  isSoldOut: false,
  isFree: true,
  isUserPaysFees: false,
  bannerUrl: null,
  onsaleAt: null,
  admissionPerMinute: null,
  waitingListOfferHours: null,
  isNamedTickets: false,
  holdersEditableUntil: null,
  tickets: [],
  discounts: [],
  ...extra,
});

export const savedTicket = (id: string, title: string, extra: Partial<ManagedTicket> = {}): ManagedTicket => ({
  id,
  parentId: null,
  title,
  description: '',
  priceCents: 1500,
  vatRate: '20',
  quantity: 100,
  sold: 0,
  isHidden: false,
  isAvailable: true,
  isMultipart: false,
  position: 1,
  giftTicketIds: [],
  isDeletable: true,
  ...extra,
});

export const discount = (id: string, code: string, extra: Partial<ManagedDiscount> = {}): ManagedDiscount => ({
  id,
  code,
  percent: 10,
  quantity: 100,
  used: 0,
  isEnabled: true,
  isSingleUse: true,
  ...extra,
});
