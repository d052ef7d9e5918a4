import {
  datesFr,
  formatDateTime,
  isEmailValid,
  normalizeEmail,
  type TransferHistoryItem,
  type TransferOffer,
  type TransferRequest,
  transfersFr,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { randomToken, sha256 } from '../../lib/tokens';
import { queueMail } from '../../mail/outbox';
import type { Viewer } from '../../policy/can';
import { numberTickets } from '../invoices/issue';
import { authorizePlaceOfEvent, placeRefusal } from '../participations/place.service';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './repository';

const e = transfersFr.errors;
const DAY_MS = 86_400_000;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const notFound = () => new AppError('PARTICIPATION_NOT_FOUND', e.notFound, 404);
const linkNotFound = () => new AppError('TRANSFER_NOT_FOUND', e.linkNotFound, 404);

/**
 * Why a place cannot be handed on now, if it cannot (issue 30 "Bad input"): its state first, then
 * the organiser's rules.
 */
function refusalOf(place: repo.PlaceToTransfer, now: Date): AppError | null {
  const refusal = placeRefusal(place, { way: 'transfer', texts: { ...e, otherUnderWay: e.beingResold } });
  if (refusal) return refusal;
  if (!place.transfersAllowed) return new AppError('TRANSFERS_FORBIDDEN', e.forbidden, 409);
  if (place.transferDeadline && Date.parse(place.transferDeadline) <= now.getTime()) {
    return new AppError('TRANSFER_DEADLINE_PASSED', e.pastDeadline(formatDateTime(place.transferDeadline)), 409);
  }
  return null;
}

/**
 * The holder sends their place to an e-mail address: a pending transfer, its link mailed to the
 * receiver in the same transaction (the token kept only hashed). The place stays the holder's,
 * valid at the door, until the receiver accepts.
 */
export async function sendTransfer(
  deps: Deps,
  user: SignedInUser,
  participationId: string,
  request: TransferRequest,
): Promise<{ id: string }> {
  const email = normalizeEmail(request.email);
  if (!isEmailValid(email)) throw badRequest(e.emailInvalid, 'email');
  if (!isUuid(participationId)) throw notFound();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const place = await repo.lockPlace(tx, participationId, now);
    if (!place || place.userId !== user.id) throw notFound();
    if (email === normalizeEmail(user.email)) throw new AppError('TRANSFER_TO_SELF', e.toSelf, 409, 'email');
    const refusal = refusalOf(place, now);
    if (refusal) throw refusal;
    await repo.expirePending(tx, { participationId: place.id }, now);
    const expiresAt = new Date(now.getTime() + place.transferExpiryDays * DAY_MS);
    const token = randomToken();
    const id = await repo.insertTransfer(tx, {
      eventId: place.eventId,
      participationId: place.id,
      fromUserId: user.id,
      toEmail: email,
      tokenHash: sha256(token),
      expiresAt,
    });
    if (!id) throw new AppError('TRANSFER_PENDING', e.alreadyPending, 409);
    await queueMail(tx, {
      to: email,
      subject: transfersFr.mail.subject(deps.config.brandName, `${user.firstName} ${user.lastName}`, place.eventTitle),
      text: transfersFr.mail.body(
        `${user.firstName} ${user.lastName}`,
        place.eventTitle,
        place.dateBegin ? datesFr.ticketOfDate(place.ticketTitle, formatDateTime(place.dateBegin)) : place.ticketTitle,
        formatDateTime(expiresAt.toISOString()),
        `${deps.config.publicUrl}/transfert/${token}`,
      ),
    });
    return { id };
  });
}

/** The sender takes their transfer back while it is pending: its link stops working. */
export async function cancelTransfer(deps: Deps, user: SignedInUser, participationId: string): Promise<void> {
  if (!isUuid(participationId)) throw notFound();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const place = await repo.lockPlace(tx, participationId, now);
    if (!place || place.userId !== user.id) throw notFound();
    if (!(await repo.cancelPending(tx, place.id, now))) throw new AppError('NO_PENDING_TRANSFER', e.noPending, 404);
  });
}

const findByToken = (deps: Deps, token: string, lock: boolean) =>
  token.length <= 128 ? repo.findByTokenHash(deps.db, sha256(token), { lock }) : Promise.resolve(undefined);

/** What the receiver's link shows, to anyone holding it (signed in or not): a pending past its delay reads expired. */
export async function getTransfer(deps: Deps, token: string): Promise<TransferOffer> {
  const found = await findByToken(deps, token, false);
  if (!found) throw linkNotFound();
  const { id: _id, participationId: _p, fromUserId: _f, ...offer } = found;
  const expired = offer.status === 'pending' && Date.parse(offer.expiresAt) <= deps.clock.now().getTime();
  return expired ? { ...offer, status: 'expired' } : offer;
}

/**
 * The receiver accepts, signed in with the address the ticket was sent to: in one transaction,
 * the place locked, checked again (a scan, a refund or a cancellation may have come since), the
 * receiver gets a new participation (a new id, hence a new code) with the same number and order,
 * and the old one is marked transferred. No money moves: it stays with the buyer's order.
 */
export async function acceptTransfer(
  deps: Deps,
  user: SignedInUser | null,
  token: string,
): Promise<{ participationId: string }> {
  if (!user) throw new AppError('UNAUTHENTICATED', e.signIn, 401);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const transfer = token.length <= 128 ? await repo.findByTokenHash(tx, sha256(token), { lock: true }) : undefined;
    if (!transfer) throw linkNotFound();
    if (transfer.status === 'accepted') throw new AppError('TRANSFER_USED', e.linkUsed, 409);
    if (transfer.status === 'cancelled') throw new AppError('TRANSFER_CANCELLED', e.linkCancelled, 410);
    if (transfer.status === 'expired' || Date.parse(transfer.expiresAt) <= now.getTime()) {
      throw new AppError('TRANSFER_EXPIRED', e.linkExpired, 410);
    }
    if (normalizeEmail(user.email) !== transfer.toEmail) {
      throw new AppError('TRANSFER_NOT_YOURS', e.notForYou(transfer.toEmail), 403);
    }
    const place = await repo.lockPlace(tx, transfer.participationId, now);
    if (!place || place.userId !== transfer.fromUserId) throw new AppError('TRANSFER_STALE', e.noLongerValid, 409);
    const refusal = refusalOf(place, now);
    if (refusal)
      throw refusal.code === 'TICKET_NOT_LIVE' ? new AppError('TRANSFER_STALE', e.noLongerValid, 409) : refusal;
    // The receiver's place keeps the number: a place not numbered yet (just sold) takes it now.
    if (place.firstTicketNumber === null) {
      await numberTickets(tx, place.orderId ? { orderId: place.orderId } : { eventId: place.eventId });
    }
    const newId = await repo.moveParticipation(tx, place, user.id, now);
    await repo.endTransfer(tx, transfer.id, {
      status: 'accepted',
      at: now,
      toUserId: user.id,
      newParticipationId: newId,
    });
    return { participationId: newId };
  });
}

/** A place's transfers, as the organiser's participant detail shows them. */
export async function listHistory(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  participationId: string,
): Promise<TransferHistoryItem[]> {
  const place = await authorizePlaceOfEvent(deps, viewer, { eventId, participationId }, notFound);
  return repo.findHistory(deps.db, place.eventId, place.participationId);
}
