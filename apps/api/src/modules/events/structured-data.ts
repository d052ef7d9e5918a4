import type { EventDetail, TicketRead } from '@guichet/shared';

const SCHEMA = 'https://schema.org';
const POSTCODE = /\b(\d{5})\b/;

/** The address as schema.org reads it; ours is one line, "5 Place du Capitole, 31000 Toulouse". */
function postalAddress(address: string, city: string | null) {
  const postcode = POSTCODE.exec(address)?.[1];
  const street = postcode ? address.slice(0, address.indexOf(postcode)).replace(/[\s,]+$/, '') : address;
  return {
    '@type': 'PostalAddress',
    streetAddress: street || address,
    ...(postcode && { postalCode: postcode }),
    ...(city && { addressLocality: city }),
    addressCountry: 'FR',
  };
}

/** A ticket a visitor can pick, or the options of a choice ticket, which carry the places. */
const offered = (ticket: TicketRead) => (ticket.isMultipart ? ticket.options : [ticket]);

/**
 * An event as search engines list events (schema.org `Event`, in JSON-LD): when and where, its
 * image, its organiser, and one offer per ticket with its price and whether places are left.
 */
export function eventStructuredData(event: EventDetail, origin: string): Record<string, unknown> {
  const url = `${origin}/billetterie/${event.id}`;
  const status = event.isCancelled ? 'EventCancelled' : 'EventScheduled';
  return {
    '@context': SCHEMA,
    '@type': 'Event',
    name: event.title,
    description: event.description.slice(0, 5000),
    url,
    startDate: event.dateBegin,
    endDate: event.dateEnd,
    eventStatus: `${SCHEMA}/${status}`,
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    location: {
      '@type': 'Place',
      name: event.address,
      address: postalAddress(event.address, event.city),
      ...(event.latitude !== null &&
        event.longitude !== null && {
          geo: { '@type': 'GeoCoordinates', latitude: event.latitude, longitude: event.longitude },
        }),
    },
    ...(event.bannerUrl && { image: [`${origin}${event.bannerUrl}`] }),
    organizer: {
      '@type': 'Organization',
      name: event.organizerName,
      url: `${origin}/profileOrganizer/${event.organizerId}`,
    },
    offers: event.tickets.flatMap(offered).map((ticket) => ({
      '@type': 'Offer',
      name: ticket.title,
      price: (ticket.priceCents / 100).toFixed(2),
      priceCurrency: 'EUR',
      availability: `${SCHEMA}/${ticket.isSoldOut || event.isSoldOut ? 'SoldOut' : 'InStock'}`,
      url,
    })),
  };
}
