import { resaleFeeError, transferExpiryDaysError } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../lib/errors';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { findRules, type TicketRules, type TicketRulesKind, updateRules } from './repository';

type Deps = Pick<AppDeps, 'db'>;

/** Each kind's figure, checked in French before it is kept: its refusal and the field it names. */
const figureError: { [K in TicketRulesKind]: (rules: TicketRules[K]) => [string | null, string] } = {
  transfer: (rules) => [transferExpiryDaysError(rules.transferExpiryDays), 'transferExpiryDays'],
  resale: (rules) => [resaleFeeError(rules.resaleFeeCents), 'resaleFeeCents'],
};

/** The event's rules of one kind, for those who may edit the event (404 to others). */
export async function getRules<K extends TicketRulesKind>(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  kind: K,
): Promise<TicketRules[K]> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  const rules = await findRules(deps.db, event.id, kind);
  if (!rules) throw new Error(`event ${event.id} without its ${kind} settings`);
  return rules;
}

export async function saveRules<K extends TicketRulesKind>(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  kind: K,
  rules: TicketRules[K],
): Promise<TicketRules[K]> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  const [invalid, field] = figureError[kind](rules);
  if (invalid) throw badRequest(invalid, field);
  await updateRules(deps.db, event.id, kind, rules);
  return getRules(deps, viewer, event.id, kind);
}
