import type { Database } from '../../db/client';
import * as ledger from '../ledger/repository';

/**
 * What a payout request may transfer now (docs/decisions.md, "Payout rules"): after the event's
 * end, its whole balance; before, only under the administrator's advance allowance, a share of
 * what the event earned less the places that may still be refunded. Whatever the organiser owes on
 * other events (or to the administrator) is recovered first, from that amount. The VAT on the
 * commission not yet invoiced (`dueVatCents`) is deducted by the payout with its invoice: what may
 * be asked is net of it, the balances (sums of entries) are not yet.
 */
export type PayoutPlan = {
  eventBalanceCents: number;
  organizerBalanceCents: number;
  /** When a payout may be asked, while it may not yet (the event's end); null otherwise. */
  requestableFrom: string | null;
  /** The organiser's other streams in debt, and how much of each this request pays back. */
  recoveries: { streamId: string; eventId: string | null; amountCents: number }[];
  /** What goes to the organiser's bank account. */
  amountCents: number;
  /** Under an advance allowance used up before the event's end: when the rest can be asked. */
  restFrom: string | null;
};

/**
 * The most one payout (or one debt recovered) moves: an entry's amount is an integer of cents; a
 * balance above it (21 474 836,47 €) is paid by several payouts, one request after the other.
 */
const MAX_TRANSFER_CENTS = 2_147_483_647;

export async function payoutPlan(
  db: Database,
  event: { id: string; organizerId: string; dateEnd: Date },
  advancePercent: number,
  now: Date,
  dueVatCents = 0,
): Promise<PayoutPlan> {
  const streams = await ledger.organizerStreams(db, event.organizerId);
  const eventBalanceCents = streams.find((stream) => stream.streamId === event.id)?.balanceCents ?? 0;
  const organizerBalanceCents = streams.reduce((sum, stream) => sum + stream.balanceCents, 0);
  const netCents = eventBalanceCents - dueVatCents;
  const plan = { eventBalanceCents, organizerBalanceCents, requestableFrom: null, recoveries: [] };
  const ended = event.dateEnd.getTime() <= now.getTime();
  if (!ended && advancePercent <= 0) {
    return { ...plan, requestableFrom: event.dateEnd.toISOString(), amountCents: 0, restFrom: null };
  }
  const capCents = ended ? netCents : await advanceCapCents(db, event.id, netCents, advancePercent);
  let leftCents = Math.max(0, capCents);
  const recoveries: PayoutPlan['recoveries'] = [];
  for (const stream of streams) {
    if (stream.streamId === event.id || stream.balanceCents >= 0 || leftCents === 0) continue;
    const amountCents = Math.min(-stream.balanceCents, leftCents, MAX_TRANSFER_CENTS);
    recoveries.push({ streamId: stream.streamId, eventId: stream.eventId, amountCents });
    leftCents -= amountCents;
  }
  const amountCents = Math.min(leftCents, MAX_TRANSFER_CENTS);
  return {
    ...plan,
    recoveries,
    amountCents,
    // Under an advance used up, what the balance still holds waits for the event's end.
    restFrom:
      !ended && amountCents <= 0 && recoveries.length === 0 && netCents > 0 ? event.dateEnd.toISOString() : null,
  };
}

/**
 * Before the event's end: the allowance's share of what the event earned (its balance before
 * anything was taken from it: sales less commission and refunds) without the places carrying the
 * refund option, less what was already taken from it.
 */
async function advanceCapCents(db: Database, eventId: string, balanceCents: number, percent: number) {
  const takenCents = await ledger.eventTakenCents(db, eventId);
  const insuredCents = await ledger.insuredPlacesCents(db, eventId);
  const earnedCents = balanceCents + takenCents;
  const allowedCents = Math.floor((Math.max(0, earnedCents - insuredCents) * Math.min(percent, 100)) / 100);
  return Math.min(balanceCents, allowedCents - takenCents);
}
