import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { type HandOnInProgress, isPlaceOfEvent } from './place.repository';

/** What a holder's place is now, as a transfer or a resale decides whether it may leave them. */
export type PlaceState = HandOnInProgress & {
  isLive: boolean;
  /** An invitation its organiser revoked: said as such, not as a place cancelled. */
  isRevokedInvitation: boolean;
  isEventOver: boolean;
  entriesUsed: number;
  isRefundRequested: boolean;
  quantity: number;
};

/** The way a place is handed on, and its French refusals (each way says them in its own words). */
type HandOn = {
  way: 'transfer' | 'resale';
  texts: {
    notLive: string;
    invitationRevoked: string;
    eventOver: string;
    scanned: string;
    refundRequested: string;
    severalPlaces: string;
    /** The other way is under way: a transfer refuses a place listed, a resale a place sent. */
    otherUnderWay: string;
  };
};

/**
 * Why the place's state forbids handing it on now, if it does (issue 30 "Bad input"), in the
 * order a holder would fix them; the organiser's rules of each way are its own checks, after.
 */
export function placeRefusal(place: PlaceState, { way, texts }: HandOn): AppError | null {
  if (place.isRevokedInvitation) return new AppError('INVITATION_REVOKED', texts.invitationRevoked, 409);
  if (!place.isLive) return new AppError('TICKET_NOT_LIVE', texts.notLive, 409);
  if (place.isEventOver) return new AppError('EVENT_OVER', texts.eventOver, 409);
  if (place.entriesUsed > 0) return new AppError('TICKET_SCANNED', texts.scanned, 409);
  if (place.isRefundRequested) return new AppError('REFUND_REQUESTED', texts.refundRequested, 409);
  // One place per participation (issue 30): a participation of several is split before it moves.
  if (place.quantity !== 1) return new AppError('SEVERAL_PLACES', texts.severalPlaces, 409);
  // One way out at a time: the holder takes the other back first.
  if (way === 'transfer' && place.isBeingResold) return new AppError('BEING_RESOLD', texts.otherUnderWay, 409);
  if (way === 'resale' && place.hasPendingTransfer) {
    return new AppError('TRANSFER_PENDING', texts.otherUnderWay, 409);
  }
  return null;
}

/**
 * The organiser's look at one place of their event (its transfers, its resales): the event
 * they may follow the sales of (404 to others), and a place of that event, or `notFound`.
 */
export async function authorizePlaceOfEvent(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer | null,
  target: { eventId: string; participationId: string },
  notFound: () => AppError,
): Promise<{ eventId: string; participationId: string }> {
  const event = await authorizeEvent(deps.db, viewer, target.eventId, 'followSales', { hideRefusal: true });
  const { participationId } = target;
  if (!isUuid(participationId) || !(await isPlaceOfEvent(deps.db, event.id, participationId))) throw notFound();
  return { eventId: event.id, participationId };
}
