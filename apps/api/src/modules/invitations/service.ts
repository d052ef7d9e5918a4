import {
  firstInviteeError,
  type Invitation,
  type InvitationCreated,
  type InvitationPreview,
  type InvitationPreviewRow,
  type InvitationRequest,
  type InvitationsImported,
  invitationsFr,
  inviteeKey,
  neutralisedCell,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { newOrderReference } from '../checkout/reference';
import { type DateRow, findDates, findTicketDates, type TicketDates } from '../dates/dates.repository';
import { placeDateAmong, placeDateOf } from '../dates/dates.service';
import { type DoorTicketRow, findDoorTickets } from '../door-sales/repository';
import { cancelParticipations } from '../orders/participations';
import { PlacementRefused, placeSettledOrders } from '../orders/placement';
import { findOrCreateGuestUsers, UNKNOWN_BIRTH_DATE } from '../users/users.repository';
import { datesNamed, readDateCell } from './date-cell';
import { type FileRow, readInvitationFile } from './invitation-file';
import * as repo from './repository';

const m = invitationsFr;

type Invitee = { email: string; firstName: string; lastName: string; ticketId: string; dateId?: string | null };

/** The tickets an invitation may give: places of their own (options, not choice heads), on sale, hidden ones included. */
const givable = (tickets: DoorTicketRow[]) =>
  tickets.filter(
    (t) => t.isAvailable && !t.isMultipart && (!t.parentId || tickets.find((h) => h.id === t.parentId)?.isAvailable),
  );

/**
 * The ticket an invitation without one gets (issue 31; docs/decisions.md, "Invitations"): the
 * event's first free ticket with a place left, in the organiser's order, else the cheapest with a
 * place left (the first of equals); none when no ticket has room.
 */
function defaultTicket(tickets: DoorTicketRow[]): DoorTicketRow | undefined {
  const open = givable(tickets).filter((t) => t.remaining > 0);
  return open.find((t) => t.priceCents === 0) ?? [...open].sort((a, b) => a.priceCents - b.priceCents)[0];
}

const ticketLabel = (ticket: DoorTicketRow, tickets: DoorTicketRow[]) => {
  const head = ticket.parentId ? tickets.find((t) => t.id === ticket.parentId) : undefined;
  return head ? `${head.title} — ${ticket.title}` : ticket.title;
};

export async function listInvitations(deps: AppDeps, viewer: Viewer | null, eventId: string): Promise<Invitation[]> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'invite', { hideRefusal: true });
  return repo.findInvitations(deps.db, event.id);
}

/**
 * Invitations placed as free orders, all or none: each invitee's account (a guest one for a new
 * e-mail) and order in one transaction, through the one placement path, so that capacity and
 * the tickets' quantities hold exactly as for a sale; each invitee gets the ticket e-mail.
 */
async function placeInvitations(deps: AppDeps, viewer: Viewer, eventId: string, invitees: Invitee[]) {
  const now = deps.clock.now();
  return placeSettledOrders(deps, {
    eventId,
    isFreeEvent: false,
    source: 'invitation',
    now,
    prepare: async (tx: Database) => {
      await findOrCreateGuestUsers(
        tx,
        invitees.map(({ email, firstName, lastName }) => ({ email, firstName, lastName })),
      );
    },
    orders: invitees.map((invitee) => ({
      reference: newOrderReference(now),
      userId: null,
      buyerEmail: invitee.email,
      buyerFirstName: invitee.firstName,
      buyerLastName: invitee.lastName,
      // Nobody gave it: the statistics read the account's own, when it has one.
      buyerBirthDate: UNKNOWN_BIRTH_DATE,
      provider: 'free',
      // Who gave it, as a door sale records its seller.
      soldBy: viewer.id,
      subtotalCents: 0,
      totalCents: 0,
      ticketCount: 1,
      expiresAt: now,
      lines: [
        {
          ticketId: invitee.ticketId,
          dateId: invitee.dateId ?? null,
          quantity: 1,
          unitPriceCents: 0,
          refundPlaces: 0,
          insuranceCents: 0,
        },
      ],
    })),
  });
}

const alreadyInvited = () => new AppError('ALREADY_INVITED', m.alreadyInvited, 409, 'email');

/** One invitation (issue 31's contract): the form's checks, then the place, as a free order. */
export async function createInvitation(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  input: InvitationRequest,
): Promise<InvitationCreated> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'invite', { hideRefusal: true });
  const invitee = { email: input.email ?? '', firstName: input.firstName ?? '', lastName: input.lastName ?? '' };
  const error = firstInviteeError(invitee);
  if (error) throw badRequest(error.message, error.field);
  const tickets = await findDoorTickets(deps.db, event.id, deps.clock.now());
  const ticket = input.ticketId ? givable(tickets).find((t) => t.id === input.ticketId) : defaultTicket(tickets);
  if (!ticket)
    throw input.ticketId ? badRequest(m.ticketRequired, 'ticketId') : new AppError('NO_TICKET', m.noTicket, 409);
  const dateId = await placeDateOf(deps.db, event.id, ticket.id, input.dateId, 'dateId');
  const email = inviteeKey(invitee.email);
  if ((await repo.findInvitedEmails(deps.db, event.id, [email])).size > 0) throw alreadyInvited();
  const [placed] = await placeInvitations(deps, viewer as Viewer, event.id, [
    { email, firstName: invitee.firstName.trim(), lastName: invitee.lastName.trim(), ticketId: ticket.id, dateId },
  ]).catch((refused: unknown) => {
    throw refused instanceof PlacementRefused ? refused.refusal : refused;
  });
  if (!placed) throw new Error('the invitation was not placed');
  return {
    participationId: placed.participationIds[0] ?? '',
    orderId: placed.id,
    ticketId: ticket.id,
    message: m.created,
  };
}

type CheckedRow = InvitationPreviewRow & { invitee: Invitee | null };

/**
 * The date a row's place is for, on an event of several dates (issue 32): the one its Date cell
 * names (a day with one date, or a day and a time), by the rules of a place the organiser gives
 * (placeDateAmong); a pass takes none. A one-date event's file needs no date: its column is read
 * for nothing.
 */
function rowDate(
  dates: DateRow[],
  ticket: TicketDates | undefined,
  text: string,
): { dateId: string | null } | { error: string } {
  if (dates.length === 0) return { dateId: null };
  if (ticket?.isPass && text) return { error: m.passHasNoDate };
  let dateId: string | null = null;
  // A ticket for one date without one is refused by placeDateAmong, in the door sale's words.
  if (!ticket?.isPass && text) {
    const cell = readDateCell(text);
    if (!cell) return { error: m.dateUnreadable };
    const named = datesNamed(dates, cell);
    if (named.length === 0) return { error: m.unknownDate };
    if (named.length > 1) return { error: m.ambiguousDate(named.length) };
    dateId = named[0]?.id ?? null;
  }
  try {
    return { dateId: placeDateAmong(dates, ticket, dateId, 'file') };
  } catch (refusal) {
    if (refusal instanceof AppError) return { error: refusal.message };
    throw refusal;
  }
}

/** Each row's first error, in the order the form checks, then duplicates, the ticket and its date. */
async function checkRows(deps: AppDeps, eventId: string, rows: FileRow[]): Promise<CheckedRow[]> {
  const [tickets, dates, ticketDates] = await Promise.all([
    findDoorTickets(deps.db, eventId, deps.clock.now()),
    findDates(deps.db, eventId),
    findTicketDates(deps.db, eventId),
  ]);
  const fallback = defaultTicket(tickets);
  const byTitle = new Map(givable(tickets).map((t) => [ticketLabel(t, tickets).toLowerCase(), t]));
  for (const t of givable(tickets)) if (!byTitle.has(t.title.toLowerCase())) byTitle.set(t.title.toLowerCase(), t);
  const invited = await repo.findInvitedEmails(
    deps.db,
    eventId,
    rows.map((row) => inviteeKey(row.email)),
  );
  const firstLine = new Map<string, number>();
  return rows.map((row) => {
    const key = inviteeKey(row.email);
    const ticket = row.ticketTitle ? byTitle.get(row.ticketTitle.toLowerCase()) : fallback;
    const shown = {
      line: row.line,
      email: neutralisedCell(row.email),
      firstName: neutralisedCell(row.firstName),
      lastName: neutralisedCell(row.lastName),
      ticketTitle: neutralisedCell(row.ticketTitle || (ticket ? ticketLabel(ticket, tickets) : '')),
      date: neutralisedCell(row.dateText),
    };
    const date = ticket
      ? rowDate(
          dates,
          ticketDates.find((t) => t.id === ticket.id),
          row.dateText,
        )
      : null;
    const error =
      firstInviteeError(row)?.message ??
      (firstLine.has(key) ? m.duplicate(firstLine.get(key) ?? 0) : null) ??
      (invited.has(key) ? m.alreadyInvited : null) ??
      (ticket ? null : row.ticketTitle ? m.unknownTicket : m.noTicket) ??
      (date && 'error' in date ? date.error : null);
    if (!firstLine.has(key) && key) firstLine.set(key, row.line);
    return {
      ...shown,
      error,
      invitee:
        error || !ticket || !date || 'error' in date
          ? null
          : {
              email: key,
              firstName: row.firstName.trim(),
              lastName: row.lastName.trim(),
              ticketId: ticket.id,
              dateId: date.dateId,
            },
    };
  });
}

const previewOf = (rows: CheckedRow[]): InvitationPreview => {
  const errorCount = rows.filter((row) => row.error).length;
  return {
    rows: rows.map(({ invitee: _invitee, ...row }) => row),
    validCount: rows.length - errorCount,
    errorCount,
  };
};

/** The file's rows and each one's error, read (once the caller may invite) and checked: nothing is written. */
export async function previewInvitationFile(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  receiveFile: () => Promise<Buffer>,
): Promise<InvitationPreview> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'invite', { hideRefusal: true });
  return previewOf(await checkRows(deps, event.id, await readInvitationFile(await receiveFile())));
}

/**
 * The same file, checked again, then every row's invitation created, or none: a row in error
 * refuses the file (the preview names it), and places missing for the whole list refuse it too.
 */
export async function importInvitationFile(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  receiveFile: () => Promise<Buffer>,
): Promise<InvitationsImported> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'invite', { hideRefusal: true });
  const rows = await checkRows(deps, event.id, await readInvitationFile(await receiveFile()));
  const invitees = rows.flatMap((row) => (row.invitee ? [row.invitee] : []));
  if (invitees.length !== rows.length) throw new AppError('INVITATION_FILE_INVALID', m.fileHasErrors, 400, 'file');
  try {
    await placeInvitations(deps, viewer as Viewer, event.id, invitees);
  } catch (error) {
    if (!(error instanceof PlacementRefused)) throw error;
    const refusal = error.refusal;
    // The list as a whole does not fit: said so, rather than one row's "no place left".
    throw refusal instanceof AppError && refusal.code === 'SOLD_OUT'
      ? new AppError('SOLD_OUT', m.notEnoughPlaces(invitees.length), 409, 'file')
      : refusal;
  }
  return { created: invitees.length, message: m.imported(invitees.length) };
}

/**
 * An invitation revoked: its place cancelled and given back to the sale, so that its code is
 * refused at the door (online at once, offline scanners at their next sync: the manifest lists
 * it among the revoked codes).
 */
export async function revokeInvitation(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  participationId: string,
): Promise<{ revokedAt: string; message: string }> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'invite', { hideRefusal: true });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const found = isUuid(participationId) ? await repo.lockInvitation(tx, event.id, participationId) : undefined;
    if (!found) throw new AppError('NOT_FOUND', m.notFound, 404);
    if (found.cancelledAt) throw new AppError('ALREADY_REVOKED', m.alreadyRevoked, 409);
    await cancelParticipations(tx, [found.id], now);
  });
  return { revokedAt: now.toISOString(), message: m.revoked };
}
