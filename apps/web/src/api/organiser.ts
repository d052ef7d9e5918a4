import type {
  CreateEventRequest,
  DiscountInput,
  ManagedEvent,
  OptionInput,
  TicketInput,
  UpdateDiscountRequest,
  UpdateEventRequest,
  UpdateTicketRequest,
} from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client';
import { consoleKeys } from './console';

export const organiserKeys = {
  types: ['events', 'types'] as const,
  managed: (id: string) => ['events', 'managed', id] as const,
};

export function useEventTypes() {
  return useQuery({
    queryKey: organiserKeys.types,
    queryFn: () => api<{ id: number; label: string }[]>('GET', '/events/types'),
    staleTime: Infinity,
  });
}

export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventRequest) => api<{ id: string }>('POST', '/events', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['events'] });
      void client.invalidateQueries({ queryKey: consoleKeys.all });
    },
  });
}

export function useManagedEvent(id: string) {
  return useQuery({
    queryKey: organiserKeys.managed(id),
    queryFn: () => api<ManagedEvent>('GET', `/events/${encodeURIComponent(id)}/manage`),
    retry: false,
  });
}

/** Every authoring change refreshes the managed event, the public page and the lists. */
function useEventMutation<T>(eventId: string, run: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['events'] });
      void client.invalidateQueries({ queryKey: consoleKeys.all });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: organiserKeys.managed(eventId) }),
  });
}

export const useUpdateEvent = (eventId: string) =>
  useEventMutation(eventId, (body: UpdateEventRequest) => api<ManagedEvent>('PATCH', `/events/${eventId}`, body));

export const useDeleteEvent = (eventId: string) =>
  useEventMutation(eventId, () => api<void>('DELETE', `/events/${eventId}`));

export const useAddTicket = (eventId: string) =>
  useEventMutation(eventId, (body: TicketInput) => api<{ id: string }>('POST', `/events/${eventId}/tickets`, body));

export const useAddOption = (eventId: string) =>
  useEventMutation(eventId, ({ headId, option }: { headId: string; option: OptionInput }) =>
    api<{ id: string }>('POST', `/tickets/${headId}/options`, option),
  );

export const useUpdateTicket = (eventId: string) =>
  useEventMutation(eventId, ({ id, changes }: { id: string; changes: UpdateTicketRequest }) =>
    api<void>('PATCH', `/tickets/${id}`, changes),
  );

export const useDeleteTicket = (eventId: string) =>
  useEventMutation(eventId, (id: string) => api<void>('DELETE', `/tickets/${id}`));

export const useAddDiscount = (eventId: string) =>
  useEventMutation(eventId, (body: DiscountInput) => api<{ id: string }>('POST', `/events/${eventId}/discounts`, body));

export const useUpdateDiscount = (eventId: string) =>
  useEventMutation(eventId, ({ id, changes }: { id: string; changes: UpdateDiscountRequest }) =>
    api<void>('PATCH', `/discounts/${id}`, changes),
  );

/** Multipart upload of the banner (field `file`). */
export async function uploadBanner(eventId: string, file: File): Promise<{ bannerUrl: string }> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`/api/events/${eventId}/banner`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data.code ?? 'ERROR', data.message ?? '');
  return data as { bannerUrl: string };
}

export const useUploadBanner = (eventId: string) =>
  useEventMutation(eventId, (file: File) => uploadBanner(eventId, file));
