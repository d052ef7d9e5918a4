import {
  type BankAccount,
  type BankAccountRequest,
  type EventPayouts,
  firstBankAccountError,
  formatEuros,
  groupIban,
  moneyFr,
  normalizeBic,
  normalizeIban,
  organiserRate,
  type PayoutCreated,
  payoutBalance,
  rateOf,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { queueMail } from '../../mail/outbox';
import { can, type Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { findOrganizerAccount } from '../users/repository';
import * as repo from './repository';

const m = moneyFr;

/** The event's balance, from its paid orders and the organiser's rate at the time of asking. */
async function balanceOf(db: Database, eventId: string, organizerId: string) {
  const organizer = await findOrganizerAccount(db, organizerId);
  if (!organizer) throw new Error('organiser not found');
  const rate = organiserRate(organizer);
  const [sold, refundsCents, payoutsCents] = await Promise.all([
    repo.findSoldTickets(db, eventId),
    repo.sumRefundedTickets(db, eventId),
    repo.sumPayouts(db, eventId),
  ]);
  return { organizer, rate, balance: payoutBalance(sold, rateOf(rate), { refundsCents, payoutsCents }) };
}

/** The console's payout panel (2-organiser.md §2.4): what the organiser may ask for now, and the requests so far. */
export async function getEventPayouts(deps: AppDeps, viewer: Viewer | null, eventId: string): Promise<EventPayouts> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'followSales', { hideRefusal: true });
  const [{ rate, balance }, state, payouts] = await Promise.all([
    balanceOf(deps.db, event.id, event.organizerId),
    repo.findPayoutEvent(deps.db, event.id),
    repo.findEventPayouts(deps.db, event.id),
  ]);
  const isPaidEvent = state.isPaid;
  const refusal = !(viewer && can(viewer, 'requestPayout', event))
    ? m.errors.organiserOnly
    : state.isCancelled
      ? m.errors.cancelledEvent
      : null;
  const canRequest = refusal === null;
  return { isPaidEvent, canRequest, refusal, rateBps: rate.rateBps, fixedCents: rate.fixedCents, balance, payouts };
}

/**
 * The event, if the viewer may ask for its balance. Whoever follows its sales without being its
 * organiser (an administrator) is told why, not that the event does not exist; anyone else gets 404.
 */
async function payoutEvent(deps: AppDeps, viewer: Viewer | null, eventId: string) {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'followSales', { hideRefusal: true });
  if (!(viewer && can(viewer, 'requestPayout', event))) {
    throw new AppError('PAYOUT_ORGANISER_ONLY', m.errors.organiserOnly, 403);
  }
  return event;
}

/**
 * Records a request for the whole available balance. The event's row is locked first, so that
 * concurrent requests are serialised and the second one finds nothing left (409).
 */
export async function requestPayout(deps: AppDeps, viewer: Viewer | null, eventId: string): Promise<PayoutCreated> {
  const event = await payoutEvent(deps, viewer, eventId);
  if (!(await repo.findPayoutEvent(deps.db, event.id)).isPaid) {
    throw new AppError('FREE_EVENT', m.errors.freeEvent, 409);
  }
  const account = await repo.findBankAccount(deps.db, event.organizerId);
  if (!account) throw new AppError('NO_BANK_ACCOUNT', m.errors.noBankAccount, 409);
  return deps.db.transaction(async (tx) => {
    await repo.lockEventForPayout(tx, event.id);
    // Read under the lock: a cancellation's money goes back to the buyers, not to the organiser.
    if ((await repo.findPayoutEvent(tx, event.id)).isCancelled) {
      throw new AppError('EVENT_CANCELLED', m.errors.cancelledEvent, 409);
    }
    const { organizer, balance } = await balanceOf(tx, event.id, event.organizerId);
    if (balance.availableCents <= 0) throw new AppError('NOTHING_TO_PAY_OUT', m.errors.nothingLeft, 409);
    const payout = await repo.insertPayout(tx, {
      eventId: event.id,
      organizerId: event.organizerId,
      amountCents: balance.availableCents,
      holderName: account.holderName,
      iban: account.iban,
      bic: account.bic,
      requestedBy: viewer?.id,
    });
    await queueMail(tx, {
      to: organizer.email,
      subject: m.mail.requestedSubject(deps.config.brandName, event.title),
      text: m.mail.requestedBody(
        organizer.firstName,
        formatEuros(payout.amountCents),
        event.title,
        groupIban(account.iban),
      ),
    });
    return payout;
  });
}

/**
 * An event cancelled by its organiser: its money goes back to the buyers, so the payouts not yet
 * sent to the bank are cancelled in the cancellation's transaction (which holds the event's row, as
 * a payout request does) and the organiser is told: those requested, and those in a batch whose
 * file was never downloaded. One already sent or paid is not undone here (docs/decisions.md).
 */
export async function cancelEventPayouts(
  tx: Database,
  deps: Pick<AppDeps, 'config'>,
  event: { id: string; title: string; organizerId: string },
  at: Date,
): Promise<void> {
  const cancelled = [
    ...(await repo.cancelRequestedPayouts(tx, event.id, at)),
    ...(await repo.cancelUnsentBatchedPayouts(tx, event.id, at)),
  ];
  if (cancelled.length === 0) return;
  const organizer = await findOrganizerAccount(tx, event.organizerId);
  if (!organizer) return;
  const total = cancelled.reduce((sum, payout) => sum + payout.amountCents, 0);
  await queueMail(tx, {
    to: organizer.email,
    subject: m.mail.cancelledSubject(deps.config.brandName, event.title),
    text: m.mail.cancelledBody(organizer.firstName, formatEuros(total), event.title),
  });
}

export async function getBankAccount(deps: AppDeps, userId: string): Promise<BankAccount | null> {
  const row = await repo.findBankAccount(deps.db, userId);
  return row ? { holderName: row.holderName, iban: row.iban, bic: row.bic } : null;
}

export async function saveBankAccount(deps: AppDeps, userId: string, input: BankAccountRequest): Promise<BankAccount> {
  const error = firstBankAccountError(input);
  if (error) throw badRequest(error.message, error.field);
  const account = {
    holderName: input.holderName.trim(),
    iban: normalizeIban(input.iban),
    bic: input.bic?.trim() ? normalizeBic(input.bic) : null,
  };
  await repo.upsertBankAccount(deps.db, { userId, ...account, now: deps.clock.now() });
  return account;
}
