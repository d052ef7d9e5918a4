import type {
  ConsoleEventDate,
  EventDateCancelInput,
  EventDateInput,
  EventDateMoveInput,
  EventDateRepeatInput,
  ParticipantsPage,
} from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { eventKeys } from './events';
import { followUpKeys } from './follow-up';
import { organiserKeys } from './organiser';

export const eventDatesKeys = {
  list: (eventId: string) => ['console', eventId, 'dates'] as const,
  ordersOf: (eventId: string, dateId: string) => ['console', eventId, 'dates', dateId, 'orders'] as const,
};

const datesPath = (eventId: string) => `/console/events/${encodeURIComponent(eventId)}/dates`;
const datePath = (eventId: string, dateId: string) => `${datesPath(eventId)}/${encodeURIComponent(dateId)}`;

/** The dates of an event as its console lists them (issue 32), with their figures. */
export function useConsoleEventDates(eventId: string, enabled = true) {
  return useQuery({
    queryKey: eventDatesKeys.list(eventId),
    queryFn: ({ signal }) => api<ConsoleEventDate[]>('GET', datesPath(eventId), undefined, { signal }),
    enabled,
  });
}

/**
 * The orders a cancellation would refund: those of the date's first page of participants (the
 * console's own list, filtered by date), counted once each; `isPartial` when the list is longer.
 */
export function useDateOrders(eventId: string, dateId: string | null) {
  return useQuery({
    queryKey: eventDatesKeys.ordersOf(eventId, dateId ?? ''),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ dateId: dateId ?? '', limit: '200', offset: '0' });
      const page = await api<ParticipantsPage>(
        'GET',
        `/console/events/${encodeURIComponent(eventId)}/participants?${params}`,
        undefined,
        { signal },
      );
      const orders = new Set(page.items.map((row) => row.orderId).filter((id) => id !== null));
      return { count: orders.size, isPartial: page.total > page.items.length };
    },
    enabled: dateId !== null,
  });
}

/** Every change of the dates refreshes them, the public page, the edit page and the follow-up. */
function useDatesMutation<V, R>(eventId: string, send: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: eventDatesKeys.list(eventId) }),
        client.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
        client.invalidateQueries({ queryKey: organiserKeys.managed(eventId) }),
        client.invalidateQueries({ queryKey: followUpKeys.all(eventId) }),
      ]),
  });
}

export function useAddEventDate(eventId: string) {
  return useDatesMutation(eventId, (input: EventDateInput) => api<{ id: string }>('POST', datesPath(eventId), input));
}

export function useRepeatEventDates(eventId: string) {
  return useDatesMutation(eventId, (input: EventDateRepeatInput) =>
    api<{ ids: string[] }>('POST', `${datesPath(eventId)}/repeat`, input),
  );
}

export function useUpdateEventDate(eventId: string) {
  return useDatesMutation(eventId, ({ dateId, changes }: { dateId: string; changes: Partial<EventDateInput> }) =>
    api<ConsoleEventDate>('PATCH', datePath(eventId, dateId), changes),
  );
}

export function useDeleteEventDate(eventId: string) {
  return useDatesMutation(eventId, (dateId: string) => api<void>('DELETE', datePath(eventId, dateId)));
}

export function useMoveEventDate(eventId: string) {
  return useDatesMutation(eventId, ({ dateId, input }: { dateId: string; input: EventDateMoveInput }) =>
    api<ConsoleEventDate>('POST', `${datePath(eventId, dateId)}/move`, input),
  );
}

export function useCancelEventDate(eventId: string) {
  return useDatesMutation(eventId, ({ dateId, input }: { dateId: string; input: EventDateCancelInput }) =>
    api<ConsoleEventDate>('POST', `${datePath(eventId, dateId)}/cancel`, input),
  );
}
