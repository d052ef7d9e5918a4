import {
  cnmTaxCents,
  type DeclarationFigures,
  type EventDeclarations,
  isCnmCategory,
  VAT_RATES,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../policy/can';
import { authorizeEvent, eventNotFound } from '../../policy/event-access';
import { findDates } from '../dates/dates.repository';
import * as repo from './repository';

/** Like the follow-up: the event's organiser and the administrator; anyone else is told it does not exist. */
export async function declaredEvent(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
): Promise<repo.EventOfDeclarations> {
  const access = await authorizeEvent(deps.db, viewer, eventId, 'followSales', { hideRefusal: true });
  const event = await repo.findEventOfDeclarations(deps.db, access.id);
  if (!event) throw eventNotFound();
  return event;
}

/** The declarations of an event the viewer follows, for one Paris month or for all of them. */
export async function eventDeclarations(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  month: string | undefined,
): Promise<EventDeclarations> {
  const event = await declaredEvent(deps, viewer, eventId);
  return declarationsOf(deps, event, month);
}

export async function declarationsOf(
  deps: AppDeps,
  event: repo.EventOfDeclarations,
  month: string | undefined,
): Promise<EventDeclarations> {
  const [revenue, places, dates] = await Promise.all([
    repo.revenueByRate(deps.db, event.id, month),
    repo.placeCounts(deps.db, event.id, month),
    findDates(deps.db, event.id),
  ]);
  const isCnm = isCnmCategory(event.category);
  const figuresOf = (key?: string) =>
    figures(
      revenue.filter((row) => key === undefined || row.dateKey === key),
      places.filter((row) => key === undefined || row.dateKey === key),
      isCnm,
    );
  // A one-date event has no date row: its figures are the event's alone, as before.
  const hasPasses =
    revenue.some((row) => row.dateKey === repo.PASSES) || places.some((row) => row.dateKey === repo.PASSES);
  return {
    ...figuresOf(),
    dates: dates.map((date) => ({
      dateId: date.id,
      dateBegin: date.dateBegin.toISOString(),
      isCancelled: date.cancelledAt !== null,
      ...figuresOf(date.id),
    })),
    passes: dates.length > 0 && hasPasses ? figuresOf(repo.PASSES) : null,
  };
}

/**
 * The figures of some rows (a date's, the passes', or all): revenue and VAT per rate in the order
 * the forms list them, the places, the CNM tax of the revenue (each block's own, so that a date's
 * tax is that of its revenue; the event's total is that of its whole revenue).
 */
function figures(revenue: repo.RevenueRow[], places: repo.PlaceCountRow[], isCnm: boolean): DeclarationFigures {
  const rates = VAT_RATES.flatMap((vatRate) => {
    const rows = revenue.filter((row) => row.vatRate === vatRate);
    if (rows.length === 0) return [];
    const sum = (pick: (row: repo.RevenueRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
    return [{ vatRate, revenueExclVatCents: sum((r) => r.revenueExclVatCents), vatCents: sum((r) => r.vatCents) }];
  });
  const revenueExclVatCents = rates.reduce((sum, row) => sum + row.revenueExclVatCents, 0);
  const cnmBaseCents = isCnm ? revenueExclVatCents : 0;
  return {
    rates,
    vatCents: rates.reduce((sum, row) => sum + row.vatCents, 0),
    paidTickets: places.reduce((sum, row) => sum + row.paidTickets, 0),
    freeTickets: places.reduce((sum, row) => sum + row.freeTickets, 0),
    cnmBaseCents,
    cnmTaxCents: cnmTaxCents(cnmBaseCents),
  };
}
