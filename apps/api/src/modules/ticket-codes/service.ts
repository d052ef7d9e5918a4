import { discountedUnitPriceCents, ticketShortCode, ticketsFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { ticketNumbersOf } from '../invoices/numbering';
import { holderName } from '../orders/holder-name';
import { signTicketCode } from './codes';
import { loadTicketKeys } from './keys';
import { type TicketPdfContent, ticketPdf, ticketsPdf } from './pdf';
import { ticketQrPng } from './qr';
import { findOwnOrderPlaceIds, findTicketView, findTicketViews, type TicketViewRow } from './repository';

const notFound = () => new AppError('TICKET_NOT_FOUND', ticketsFr.ticket.notFound, 404);

type TicketDeps = Pick<AppDeps, 'db' | 'config'>;

/** The participation's own user only: for anyone else it does not exist. */
export async function loadOwnTicket(deps: TicketDeps, participationId: string, userId: string) {
  const row = isUuid(participationId) ? await findTicketView(deps.db, participationId, userId) : undefined;
  if (!row) throw notFound();
  return row;
}

export function ticketCodeOf(deps: Pick<AppDeps, 'config'>, row: TicketViewRow): string {
  const { privateKey } = loadTicketKeys(deps.config);
  return signTicketCode({ id: row.id, eventId: row.eventId, quantity: row.quantity }, privateKey);
}

export function ticketQrOf(deps: TicketDeps, row: TicketViewRow): Promise<Buffer> {
  return ticketQrPng(ticketCodeOf(deps, row));
}

/** What every form of a ticket (its PDF, its wallet passes) prints the same way. */
export function ticketFactsOf(row: TicketViewRow) {
  return {
    organizerName: `${row.organizerFirstName} ${row.organizerLastName}`,
    ticketTitle: row.headTitle ? `${row.headTitle} — ${row.ticketTitle}` : row.ticketTitle,
    ticketNumbers: ticketNumbersOf(row.firstTicketNumber, row.quantity),
    holderName: holderName(
      row.holderFirstName
        ? { firstName: row.holderFirstName, lastName: row.holderLastName }
        : { firstName: row.buyerFirstName, lastName: row.buyerLastName },
      { firstName: row.userFirstName, lastName: row.userLastName },
    ),
    shortCode: ticketShortCode(row.id),
  };
}

export async function ticketPdfOf(deps: TicketDeps, row: TicketViewRow): Promise<Buffer> {
  return ticketPdf(await ticketPdfContentOf(deps, row));
}

async function ticketPdfContentOf(deps: TicketDeps, row: TicketViewRow): Promise<TicketPdfContent> {
  const code = ticketCodeOf(deps, row);
  return {
    ...ticketFactsOf(row),
    brandName: deps.config.brandName,
    eventTitle: row.eventTitle,
    dateBegin: row.dateBegin,
    dateEnd: row.dateEnd,
    address: row.address,
    quantity: row.quantity,
    unitPriceCents: unitPricePaid(row),
    isGift: row.isGift,
    orderReference: row.orderReference,
    qrPng: await ticketQrPng(code),
  };
}

/** Several places in one PDF, a page each, named after their event. */
async function placesPdfOf(deps: TicketDeps, rows: [TicketViewRow, ...TicketViewRow[]]) {
  const contents = await Promise.all(rows.map((row) => ticketPdfContentOf(deps, row)));
  return { filename: ticketsPdfFilename(rows[0].eventTitle, rows.length), pdf: await ticketsPdf(contents) };
}

const isNonEmpty = <T>(list: T[]): list is [T, ...T[]] => list.length > 0;

/**
 * An order's places that are the user's and still valid, one page each by ticket number (issue
 * 30): a place transferred or resold is no longer theirs and is not printed. An order with none
 * of theirs does not exist for them.
 */
export async function orderTicketsPdf(deps: TicketDeps, orderId: string, userId: string) {
  const ids = isUuid(orderId) ? await findOwnOrderPlaceIds(deps.db, orderId, userId) : [];
  const rows = await findTicketViews(deps.db, ids, userId);
  if (!isNonEmpty(rows)) throw notFound();
  return placesPdfOf(deps, rows);
}

/** Gifts, invitations and places given at the door have no paid line: they are free. */
function unitPricePaid(row: TicketViewRow): number {
  if (row.isGift || row.lineUnitPriceCents === null) return 0;
  return discountedUnitPriceCents(row.lineUnitPriceCents, row.discountPercent);
}

/**
 * A live participation whoever holds it, for server-side use (the confirmation e-mail): no
 * owner check, so never call these with an id taken from a request.
 */
async function loadAnyTicket(deps: TicketDeps, participationId: string) {
  const row = isUuid(participationId) ? await findTicketView(deps.db, participationId) : undefined;
  if (!row) throw notFound();
  return row;
}

export async function ticketPdfForParticipation(deps: TicketDeps, participationId: string) {
  const row = await loadAnyTicket(deps, participationId);
  return { filename: ticketPdfFilename(row.eventTitle), pdf: await ticketPdfOf(deps, row) };
}

/**
 * The confirmation e-mail's one PDF of the places it names (server-side, no owner check): those
 * refunded or cancelled since are left out, and none left answers null, gone.
 */
export async function ticketsPdfForParticipations(deps: TicketDeps, participationIds: string[]) {
  const valid = participationIds.filter(isUuid);
  const rows = await findTicketViews(deps.db, valid);
  return isNonEmpty(rows) ? placesPdfOf(deps, rows) : null;
}

export async function ticketQrForParticipation(deps: TicketDeps, participationId: string) {
  const row = await loadAnyTicket(deps, participationId);
  return { filename: `${ticketFileStem(row.eventTitle)}-qr.png`, png: await ticketQrOf(deps, row) };
}

/** 'billet-<event title slug>.pdf', ASCII only so every mail client and browser keeps it. */
export function ticketPdfFilename(eventTitle: string): string {
  return `${ticketFileStem(eventTitle)}.pdf`;
}

/** 'billets-<event title slug>.pdf' for several places, the single place's name for one. */
function ticketsPdfFilename(eventTitle: string, count: number): string {
  return count > 1 ? `${ticketFileStem(eventTitle, 'billets')}.pdf` : ticketPdfFilename(eventTitle);
}

function ticketFileStem(eventTitle: string, prefix = 'billet'): string {
  const slug = eventTitle
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${prefix}-${slug || 'evenement'}`;
}
