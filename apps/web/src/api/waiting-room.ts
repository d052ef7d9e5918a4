import type { WaitingRoomStatus } from '@guichet/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export const waitingRoomKeys = { status: (eventId: string) => ['events', 'waiting-room', eventId] as const };

/** Every few seconds while waiting, spread so that a crowd's pages do not ask in step. */
function nextAsk(status: WaitingRoomStatus | undefined): number | false {
  if (!status) return 5_000;
  if (status.state !== 'waiting') return false;
  const base = status.estimatedSeconds > 120 ? 15_000 : 4_000;
  return base + Math.random() * 2_000;
}

/**
 * The visitor's turn in the event's waiting room: asked, and a place taken when the browser has
 * none (the server keeps one per browser, so every tab shares it). Stops asking once admitted.
 */
export function useWaitingRoom(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: waitingRoomKeys.status(eventId),
    queryFn: async () => {
      const path = `/events/${encodeURIComponent(eventId)}/waiting-room`;
      const status = await api<WaitingRoomStatus>('GET', path);
      return status.state === 'waiting' && status.position === null ? api<WaitingRoomStatus>('POST', path) : status;
    },
    enabled,
    refetchInterval: (query) => (query.state.error ? 5_000 + Math.random() * 2_000 : nextAsk(query.state.data)),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
    staleTime: 0,
  });
}
