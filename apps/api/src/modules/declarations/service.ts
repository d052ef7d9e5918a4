import { cnmTaxCents, type EventDeclarations, isCnmCategory, VAT_RATES } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Viewer } from '../../policy/can';
import { authorizeEvent, eventNotFound } from '../../policy/event-access';
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
  const [revenue, places] = await Promise.all([
    repo.revenueByRate(deps.db, event.id, month),
    repo.placeCounts(deps.db, event.id, month),
  ]);
  // The rates in the order the forms list them.
  const rates = VAT_RATES.flatMap((vatRate) => revenue.filter((row) => row.vatRate === vatRate));
  const revenueExclVatCents = rates.reduce((sum, row) => sum + row.revenueExclVatCents, 0);
  const cnmBaseCents = isCnmCategory(event.category) ? revenueExclVatCents : 0;
  return {
    rates,
    vatCents: rates.reduce((sum, row) => sum + row.vatCents, 0),
    ...places,
    cnmBaseCents,
    cnmTaxCents: cnmTaxCents(cnmBaseCents),
  };
}
