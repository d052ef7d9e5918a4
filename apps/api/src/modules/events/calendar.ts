import ical, { ICalCalendarMethod } from 'ical-generator';

/** An event as an iCalendar file (RFC 5545), for "Ajouter au calendrier". */
type CalendarEvent = {
  id: string;
  title: string;
  description: string;
  address: string;
  dateBegin: Date;
  dateEnd: Date;
  url: string;
  organizerName: string;
  /** Its dates (issue 32), one VEVENT each; none: the event's own start and end, as one. */
  dates?: { id: string; dateBegin: Date; dateEnd: Date }[];
};

type Publisher = { brandName: string; contactEmail: string; host: string };

/**
 * One VEVENT, written by ical-generator (escaping, quoting and line folding as the RFC asks). A
 * published event names its organiser: their name, with the platform's contact address, as the
 * organiser's own address is not the visitors' to have.
 */
export function buildCalendarFile(event: CalendarEvent, now: Date, publisher: Publisher): string {
  const calendar = ical({
    prodId: { company: publisher.brandName, product: 'Billetterie', language: 'FR' },
    method: ICalCalendarMethod.PUBLISH,
  });
  const dates = event.dates?.length
    ? event.dates
    : [{ id: event.id, dateBegin: event.dateBegin, dateEnd: event.dateEnd }];
  for (const date of dates) {
    calendar.createEvent({
      // The first date keeps the event's id: a file added before the event had dates is updated.
      id: `${date.id}@${publisher.host}`,
      stamp: now,
      start: date.dateBegin,
      end: date.dateEnd,
      summary: event.title,
      description: `${event.description.slice(0, 1000)}\n\n${event.url}`,
      ...(event.address && { location: event.address }),
      organizer: { name: event.organizerName, email: publisher.contactEmail },
      url: event.url,
    });
  }
  return calendar.toString();
}
