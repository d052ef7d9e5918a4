import {
  addVat,
  type Balance,
  type BankAccount,
  type BankAccountRequest,
  dateChangesFr,
  type EventPayouts,
  firstBankAccountError,
  formatDateTime,
  groupIban,
  invoicesFr,
  normalizeBic,
  normalizeIban,
  organiserRate,
  type PayoutCreated,
  PLATFORM_VAT_RATE,
  payoutsFr,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { can, type Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { issueCommissionInvoice } from '../invoices/commission-invoice';
import { findPayoutCommissionInvoice } from '../invoices/invoice.repository';
import { sellersFrom } from '../invoices/sellers';
import * as ledger from '../ledger/repository';
import { findOrganizerAccount } from '../users/users.repository';
import { queuePayoutMail } from './mail';
import * as repo from './repository';
import { type PayoutPlan, payoutPlan } from './rules';

const m = payoutsFr;

/** The payout panel's figures, each a sum of the event's ledger entries, and what may be asked now. */
async function balanceOf(
  db: Database,
  event: { id: string; organizerId: string },
  state: repo.PayoutEventState,
  now: Date,
) {
  const dueVatCents = await dueCommissionVat(db, event.id);
  const [totals, plan] = [
    await ledger.eventTotalsByKind(db, event.id),
    await payoutPlan(db, { ...event, dateEnd: state.dateEnd }, state.advancePercent, now, dueVatCents.vatCents),
  ];
  const total = (kinds: (kind: string) => boolean) =>
    [...totals].filter(([kind]) => kinds(kind)).reduce((sum, [, cents]) => sum + cents, 0);
  const balance: Balance = {
    salesCents: total((kind) => kind === 'sale'),
    commissionCents: -total((kind) => kind === 'commission'),
    // Deducted by the payouts so far (availableCents is net of it), and due with the next one.
    commissionVatCents: -total((kind) => kind === 'commission_vat'),
    commissionVatDueCents: dueVatCents.vatCents,
    refundsCents: -total((kind) => kind === 'refund'),
    payoutsCents: -total((kind) => kind.startsWith('payout')),
    debtsCents: total((kind) => kind === 'debt_recovery'),
    availableCents: plan.eventBalanceCents,
    organizerBalanceCents: plan.organizerBalanceCents,
    requestableCents: state.isCancelled ? 0 : plan.amountCents,
  };
  return { balance, plan };
}

/** The commission no payout has invoiced yet, HT, with the VAT the next payout deducts on it. */
async function dueCommissionVat(db: Database, eventId: string) {
  return addVat(await repo.uninvoicedCommissionCents(db, eventId), PLATFORM_VAT_RATE);
}

export const commissionInvoiceUrl = (payoutId: string) => `/api/payouts/${payoutId}/commission-invoice.pdf`;

/** A payout as its reads give it: the commission's invoice as a link, when the payout issued one. */
export function withCommissionInvoice<Row extends { id: string; hasCommissionInvoice: boolean }>(row: Row) {
  const { hasCommissionInvoice, ...rest } = row;
  return { ...rest, commissionInvoiceUrl: hasCommissionInvoice ? commissionInvoiceUrl(row.id) : null };
}

/** The console's payout panel (2-organiser.md §2.4): what the organiser may ask for now, and the requests so far. */
export async function getEventPayouts(deps: AppDeps, viewer: Viewer | null, eventId: string): Promise<EventPayouts> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'followSales', { hideRefusal: true });
  const organizer = await findOrganizerAccount(deps.db, event.organizerId);
  if (!organizer) throw new Error('organiser not found');
  const state = await repo.findPayoutEvent(deps.db, event.id);
  const [{ balance, plan }, payouts] = [
    await balanceOf(deps.db, event, state, deps.clock.now()),
    await repo.findEventPayouts(deps.db, event.id),
  ];
  const rate = organiserRate(organizer);
  const refusal = !(viewer && can(viewer, 'requestPayout', event))
    ? m.errors.organiserOnly
    : state.isCancelled
      ? m.errors.cancelledEvent
      : null;
  return {
    isPaidEvent: state.isPaid,
    canRequest: refusal === null,
    refusal,
    rateBps: rate.rateBps,
    fixedCents: rate.fixedCents,
    balance,
    requestable: refusal === null && balance.requestableCents > 0,
    requestableFrom: state.isCancelled ? null : plan.requestableFrom,
    payouts: payouts.map(withCommissionInvoice),
  };
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
 * Records a request for everything requestable now (payoutPlan). The event's row is locked first,
 * as a cancellation locks it, then the organiser's payouts: concurrent requests are serialised
 * and the second finds nothing left (409). The debts it recovers move between the streams of the
 * ledger in the same transaction; the payout's own entry is posted at its commit. The commission
 * charged since the previous payout is invoiced here, and its VAT deducted, in the same
 * transaction (docs/decisions.md, "Invoices and VAT"): the invoice's number is taken before the
 * ledger's locks, which stay the last a transaction takes.
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
    await ledger.lockOrganizer(tx, event.organizerId);
    // Read under the lock: a cancellation's money goes back to the buyers, not to the organiser.
    const state = await repo.findPayoutEvent(tx, event.id);
    if (state.isCancelled) throw new AppError('EVENT_CANCELLED', m.errors.cancelledEvent, 409);
    if (await repo.hasDateRefundsInProgress(tx, event.id)) {
      throw new AppError('PAYOUT_HELD', dateChangesFr.errors.payoutHeld, 409);
    }
    const commission = await dueCommissionVat(tx, event.id);
    const plan = await payoutPlan(
      tx,
      { ...event, dateEnd: state.dateEnd },
      state.advancePercent,
      deps.clock.now(),
      commission.vatCents,
    );
    if (plan.requestableFrom) {
      throw new AppError('PAYOUT_NOT_YET_ALLOWED', m.errors.notYetAllowed(formatDateTime(plan.requestableFrom)), 409);
    }
    if (plan.restFrom) {
      // An advance already taken (or only places that may still be refunded): the rest after the end.
      throw new AppError('NOTHING_TO_PAY', m.errors.notYetAllowed(formatDateTime(plan.restFrom)), 409);
    }
    if (plan.amountCents <= 0) {
      const debtFirst = plan.recoveries.length > 0;
      throw new AppError('NOTHING_TO_PAY', debtFirst ? m.errors.debtFirst : m.errors.nothingLeft, 409);
    }
    const payout = await repo.insertPayout(tx, {
      eventId: event.id,
      organizerId: event.organizerId,
      amountCents: plan.amountCents,
      holderName: account.holderName,
      iban: account.iban,
      bic: account.bic,
      requestedBy: viewer?.id,
      commissionExclVatCents: commission.exclVatCents,
      commissionVatCents: commission.vatCents,
    });
    const organizer = await findOrganizerAccount(tx, event.organizerId);
    if (!organizer) throw new Error('organiser not found');
    const isInvoiced = commission.exclVatCents > 0;
    if (isInvoiced) {
      await issueCommissionInvoice(
        tx,
        {
          payoutId: payout.id,
          organizerId: event.organizerId,
          organizerName: `${organizer.firstName} ${organizer.lastName}`.trim(),
          eventTitle: event.title,
          eventDate: state.dateBegin.toISOString(),
          exclVatCents: commission.exclVatCents,
          vatCents: commission.vatCents,
        },
        { sellers: sellersFrom(deps.config), at: deps.clock.now() },
      );
    }
    await recoverDebts(tx, event, plan.recoveries);
    await postCommissionVat(tx, event, commission.vatCents);
    await queuePayoutMail(
      tx,
      deps.config.brandName,
      'requested',
      {
        organizerEmail: organizer.email,
        organizerFirstName: organizer.firstName,
        eventTitle: event.title,
        amountCents: payout.amountCents,
      },
      groupIban(account.iban),
    );
    const { commissionExclVatCents, commissionVatCents, ...created } = payout;
    return withCommissionInvoice({
      ...created,
      commissionInclVatCents: commissionExclVatCents + commissionVatCents,
      hasCommissionInvoice: isInvoiced,
    });
  });
}

/**
 * The VAT on the commission a payout invoiced, from the organiser's event stream to the platform:
 * the commission itself was deducted at each sale, HT; with this entry the event's balance is net of
 * it TTC. Not tied to the payout (its entries are the payout's amount, undone if it is rejected):
 * the invoice stands whatever becomes of the transfer. The ledger check compares these entries with
 * the payouts' `commission_vat_cents`.
 */
async function postCommissionVat(tx: Database, event: { id: string; organizerId: string }, vatCents: number) {
  if (vatCents <= 0) return;
  const entry = { organizerId: event.organizerId, eventId: event.id, kind: 'commission_vat' } as const;
  await ledger.postEntry(tx, { ...entry, account: 'organizer', amountCents: -vatCents });
  await ledger.postEntry(tx, { ...entry, account: 'platform', amountCents: vatCents });
}

/**
 * The PDF of the commission's invoice of a payout, for its organiser and the administrators;
 * anyone else, or a payout without one, is told it does not exist.
 */
export async function findCommissionInvoice(deps: AppDeps, viewer: Viewer | null, payoutId: string) {
  const notFound = new AppError('INVOICE_NOT_FOUND', invoicesFr.commission.notFound, 404);
  const payout = isUuid(payoutId) ? await repo.findPayoutOwner(deps.db, payoutId) : undefined;
  if (!(payout && can(viewer, 'readCommissionInvoices', { id: payout.organizerId }))) throw notFound;
  const invoice = await findPayoutCommissionInvoice(deps.db, payout.id);
  if (!invoice) throw notFound;
  return invoice;
}

/** Moves what the organiser owed on other streams from this event's balance to them. */
async function recoverDebts(
  tx: Database,
  event: { id: string; organizerId: string },
  recoveries: PayoutPlan['recoveries'],
): Promise<void> {
  if (recoveries.length === 0) return;
  await ledger.lockStreams(tx, [event.id, ...recoveries.map((recovery) => recovery.streamId)]);
  for (const recovery of recoveries) {
    const entry = { organizerId: event.organizerId, account: 'organizer', kind: 'debt_recovery' } as const;
    await ledger.postEntry(tx, { ...entry, eventId: event.id, amountCents: -recovery.amountCents });
    await ledger.postEntry(tx, { ...entry, eventId: recovery.eventId, amountCents: recovery.amountCents });
  }
}

/**
 * An event (or one of its dates, `date` then its start as the mail shows it) cancelled by its
 * organiser: its money goes back to the buyers, so the payouts not yet sent to the bank are
 * cancelled in the cancellation's transaction (which holds the event's row, as a payout request
 * does) and the organiser is told: those requested, and those in a batch whose file was never
 * downloaded. One already sent or paid is not undone here (docs/decisions.md).
 */
export async function cancelEventPayouts(
  tx: Database,
  deps: Pick<AppDeps, 'config'>,
  event: { id: string; title: string; organizerId: string },
  at: Date,
  date?: string,
): Promise<void> {
  const cancelled = [
    ...(await repo.cancelRequestedPayouts(tx, event.id, at)),
    ...(await repo.cancelUnsentBatchedPayouts(tx, event.id, at)),
  ];
  if (cancelled.length === 0) return;
  const organizer = await findOrganizerAccount(tx, event.organizerId);
  if (!organizer) return;
  await queuePayoutMail(
    tx,
    deps.config.brandName,
    date === undefined ? 'cancelled' : 'dateCancelled',
    {
      organizerEmail: organizer.email,
      organizerFirstName: organizer.firstName,
      eventTitle: event.title,
      amountCents: cancelled.reduce((sum, payout) => sum + payout.amountCents, 0),
    },
    date,
  );
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
