import { type EventAvailability, type EventDetail, eventDatesFr, formatDateTime, fr } from '@guichet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { eventKeys } from './events';
import { needsReload, newlySoldOut, newlySoldOutDates } from './live-availability';

/**
 * The places left of an open event's tickets, pushed by the server (Server-Sent Events, issue 17).
 * The browser reconnects by itself after a cut; a refusal (too many readers) leaves the page with
 * the figures it loaded. `announcement` names the tickets that just sold out, for screen readers.
 */
export function useLiveAvailability(event: EventDetail | undefined, shareKey?: string | null) {
  const [figures, setFigures] = useState<EventAvailability | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const queryClient = useQueryClient();
  const loaded = useRef(event);
  loaded.current = event;
  const eventId = event?.id;
  const isLive = Boolean(event?.isOpen && !event.isCancelled);

  useEffect(() => {
    if (!eventId || !isLive || typeof EventSource === 'undefined') return;
    const share = shareKey ? `?share=${encodeURIComponent(shareKey)}` : '';
    const source = new EventSource(`/api/events/${encodeURIComponent(eventId)}/availability/stream${share}`);
    let previous: EventAvailability | null = null;
    source.addEventListener('places', (message) => {
      const next = JSON.parse((message as MessageEvent<string>).data) as EventAvailability;
      const gone = newlySoldOut(previous, next);
      const goneDates = newlySoldOutDates(previous, next);
      previous = next;
      setFigures(next);
      const current = loaded.current;
      if (!current) return;
      if (gone.length > 0 || goneDates.length > 0) {
        const titles = current.tickets.flatMap((ticket) => [ticket, ...ticket.options]);
        const starts = new Map((current.dates ?? []).map((date) => [date.id, date.dateBegin]));
        setAnnouncement(
          [
            ...gone.map((id) => fr.events.ticketSoldOutNow(titles.find((t) => t.id === id)?.title ?? '')),
            ...goneDates.map((id) => eventDatesFr.picker.dateSoldOutNow(formatDateTime(starts.get(id) ?? ''))),
          ].join(' '),
        );
      }
      if (needsReload(current, next)) void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
    });
    return () => source.close();
  }, [eventId, isLive, shareKey, queryClient]);

  return { figures, announcement };
}
