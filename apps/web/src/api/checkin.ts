import type {
  AddStaffRequest,
  ChangeStaffRoleRequest,
  CheckinLists,
  CheckinManifest,
  CreateCheckinListRequest,
  DoorSale,
  DoorTicket,
  ManualEntryCreated,
  ManualEntryRequest,
  ScanBatchRequest,
  ScanInput,
  ScannableEvent,
  ScanOutcome,
  StaffMember,
  StaffScan,
  UpdateCheckinListRequest,
} from '@guichet/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api } from './client';
import { withDate } from './date-filter';

const event = (id: string) => encodeURIComponent(id);

export const doorKeys = {
  scannable: ['checkin', 'events'] as const,
  staff: (eventId: string) => ['console', eventId, 'staff'] as const,
  staffScans: (eventId: string, userId: string) => ['console', eventId, 'staff', userId, 'scans'] as const,
  doorTickets: (eventId: string) => ['console', eventId, 'door-tickets'] as const,
  doorSales: (eventId: string) => ['console', eventId, 'door-sales'] as const,
  checkinLists: (eventId: string) => ['console', eventId, 'checkin-lists'] as const,
  scannerLists: (eventId: string) => ['checkin', eventId, 'lists'] as const,
};

/** The people inside move at the door: without their live stream, the figures are read again this often. */
const LIVE_FIGURES_MS = 10_000;

/** The events the user runs the door of today (the scanner's menu). */
export function useScannableEvents(enabled = true) {
  return useQuery({
    queryKey: doorKeys.scannable,
    queryFn: () => api<ScannableEvent[]>('GET', '/checkin/events'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function fetchManifest(eventId: string, listId: string | null, signal?: AbortSignal) {
  const query = listId ? `?listId=${encodeURIComponent(listId)}` : '';
  return api<CheckinManifest>('GET', `/checkin/events/${event(eventId)}/manifest${query}`, undefined, { signal });
}

/**
 * The people inside, pushed by the server while the figures are shown (issue 31): each message
 * replaces the lists' figures of the scanner and of the console. Answers whether the stream is
 * up; while it is not, the figures are read again every LIVE_FIGURES_MS instead.
 */
function useLiveCheckinFigures(eventId: string, enabled: boolean): boolean {
  const client = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/checkin/events/${event(eventId)}/lists/stream`);
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    source.addEventListener('figures', (message) => {
      const figures = JSON.parse((message as MessageEvent<string>).data) as CheckinLists;
      client.setQueryData(doorKeys.scannerLists(eventId), figures);
      // The whole event's figures: a console showing one date's reads its own.
      client.setQueryData([...doorKeys.checkinLists(eventId), null], figures);
    });
    return () => {
      source.close();
      setConnected(false);
    };
  }, [eventId, enabled, client]);
  return connected;
}

/** The scanner's choice of lists and their people inside, live while the scanner is open. */
export function useScannerLists(eventId: string, enabled: boolean) {
  const live = useLiveCheckinFigures(eventId, enabled);
  return useQuery({
    queryKey: doorKeys.scannerLists(eventId),
    queryFn: () => api<CheckinLists>('GET', `/checkin/events/${event(eventId)}/lists`),
    enabled,
    refetchInterval: live ? false : LIVE_FIGURES_MS,
    retry: false,
  });
}

/** The console's check-in lists, with their people inside (live for the whole event), or of one date. */
export function useCheckinLists(eventId: string, dateId: string | null = null) {
  const live = useLiveCheckinFigures(eventId, true);
  return useQuery({
    queryKey: [...doorKeys.checkinLists(eventId), dateId],
    queryFn: () => api<CheckinLists>('GET', withDate(`/console/events/${event(eventId)}/checkin-lists`, dateId)),
    placeholderData: keepPreviousData,
    refetchInterval: live && !dateId ? false : LIVE_FIGURES_MS,
  });
}

export function useSaveCheckinList(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: CreateCheckinListRequest & { id?: string }): Promise<void> => {
      const path = `/console/events/${event(eventId)}/checkin-lists`;
      if (id) await api<void>('PATCH', `${path}/${event(id)}`, body satisfies UpdateCheckinListRequest);
      else await api<{ id: string }>('POST', path, body);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: doorKeys.checkinLists(eventId) }),
  });
}

export function useDeleteCheckinList(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/console/events/${event(eventId)}/checkin-lists/${event(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: doorKeys.checkinLists(eventId) }),
  });
}

/**
 * One scan, online. The server's refusals (already scanned, not a ticket) are answers with the
 * scan's details; only a failure to reach it throws.
 */
export async function sendScan(eventId: string, scan: ScanInput, signal?: AbortSignal): Promise<ScanOutcome> {
  try {
    return await api<ScanOutcome>('POST', `/checkin/events/${event(eventId)}/scans`, scan, { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 422) && error.detail) {
      return error.detail as ScanOutcome;
    }
    throw error;
  }
}

export function sendScanBatch(eventId: string, batch: ScanBatchRequest) {
  return api<{ results: ScanOutcome[] }>('POST', `/checkin/events/${event(eventId)}/scans/batch`, batch);
}

export function useStaff(eventId: string) {
  return useQuery({
    queryKey: doorKeys.staff(eventId),
    queryFn: () => api<StaffMember[]>('GET', `/console/events/${event(eventId)}/staff`),
  });
}

export function useStaffScans(eventId: string, userId: string | null) {
  return useQuery({
    queryKey: doorKeys.staffScans(eventId, userId ?? ''),
    queryFn: () => api<StaffScan[]>('GET', `/console/events/${event(eventId)}/staff/${event(userId ?? '')}/scans`),
    enabled: Boolean(userId),
  });
}

export function useAddStaff(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddStaffRequest) => api<StaffMember>('POST', `/console/events/${event(eventId)}/staff`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: doorKeys.staff(eventId) }),
  });
}

export function useChangeStaffRole(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: ChangeStaffRoleRequest & { userId: string }) =>
      api<void>('PATCH', `/console/events/${event(eventId)}/staff/${event(userId)}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: doorKeys.staff(eventId) }),
  });
}

export function useRemoveStaff(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<void>('DELETE', `/console/events/${event(eventId)}/staff/${event(userId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: doorKeys.staff(eventId) }),
  });
}

/** The tickets on sale at the door; on a multi-date event (issue 32), those of the date chosen. */
export function useDoorTickets(eventId: string, dateId: string | null = null) {
  return useQuery({
    queryKey: [...doorKeys.doorTickets(eventId), dateId],
    queryFn: () => api<DoorTicket[]>('GET', withDate(`/console/events/${event(eventId)}/door-tickets`, dateId)),
    // Another date chosen: the form stays while its tickets load.
    placeholderData: keepPreviousData,
  });
}

export function useDoorSales(eventId: string) {
  return useQuery({
    queryKey: doorKeys.doorSales(eventId),
    queryFn: () => api<DoorSale[]>('GET', `/console/events/${event(eventId)}/manual-entries`),
  });
}

/** A sale at the door; the tickets' places and the recent sales are read again without a reload. */
export function useCreateManualEntry(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualEntryRequest) =>
      api<ManualEntryCreated>('POST', `/console/events/${event(eventId)}/manual-entries`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: doorKeys.doorTickets(eventId) });
      void client.invalidateQueries({ queryKey: doorKeys.doorSales(eventId) });
    },
  });
}
