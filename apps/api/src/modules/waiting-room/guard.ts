import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { admissionCookie } from './routes';
import { waitingRoomOf } from './service';

/**
 * The hold route's check (POST /api/orders), run before the order is even looked at: an event
 * whose waiting room is on needs this browser's admission for it. Paid and free orders alike.
 */
export function requireAdmission(deps: AppDeps) {
  return async (request: FastifyRequest) => {
    const eventId = (request.body as { eventId?: unknown } | undefined)?.eventId;
    if (typeof eventId !== 'string') return;
    const room = waitingRoomOf(deps, request.log);
    await room.requireAdmission(eventId, request.cookies[admissionCookie(eventId)], request.user?.id);
  };
}
