import { datesFr, formatDateTime } from '@guichet/shared';
import type { Database } from '../../db/client';
import type { MailAttachmentRef } from '../../db/schema';
import { withParagraphs } from '../../mail/confirmation-mail';
import { completeQueuedMail } from '../../mail/outbox';
import { findPlacesWithDates, type PlaceWithDates } from './mail-dates.repository';

const m = datesFr;

/** Each place's line, the places of one ticket for the same dates counted together. */
export function placeDateLines(places: PlaceWithDates[]): string[] {
  const counted = new Map<string, { quantity: number; ticketTitle: string; dates: string[] }>();
  for (const place of places) {
    const key = JSON.stringify([place.ticketTitle, place.dates]);
    const line = counted.get(key) ?? { quantity: 0, ticketTitle: place.ticketTitle, dates: place.dates };
    line.quantity += place.quantity;
    counted.set(key, line);
  }
  return [...counted.values()].map((line) =>
    m.mailPlace(line.quantity, line.ticketTitle, line.dates.map(formatDateTime)),
  );
}

/**
 * Before a mail carrying tickets goes out (issue 32): for an event of several dates, which date
 * each place is for, as the PDF and /myTickets say. Written into the queued mail once, in the
 * mail's job, so that the payment's settling reads no date; a one-date event's mail is unchanged.
 */
export async function addPlaceDatesToMail<
  Mail extends { id: string; text: string; html: string | null; attachments: MailAttachmentRef[] | null },
>(db: Database, mail: Mail): Promise<Mail> {
  const refs = mail.attachments ?? [];
  const ids = refs.flatMap((ref) =>
    ref.kind === 'tickets-pdf' ? ref.participationIds : ref.kind === 'ticket-pdf' ? [ref.participationId] : [],
  );
  if (ids.length === 0 || mail.text.includes(m.mailPlaces)) return mail;
  const places = await findPlacesWithDates(db, ids);
  if (places.length === 0) return mail;
  const dated = withParagraphs(mail, [[m.mailPlaces, ...placeDateLines(places)]]);
  await completeQueuedMail(db, mail.id, { ...dated, attachments: refs });
  return { ...mail, ...dated };
}
