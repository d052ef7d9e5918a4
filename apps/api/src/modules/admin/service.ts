import {
  type AdminEvents,
  type AdminPayout,
  type AdminRefund,
  type AdminSummary,
  type AdminUser,
  type AuditEntry,
  adminFr,
  type BanRequest,
  type ContactMessageItem,
  firstAdjustmentReasonError,
  firstReasonError,
  type LedgerAdjustmentRequest,
  type PaymentProviderChoice,
  type PayoutAdvanceRequest,
  type PayoutFilter,
  parseAdvancePercent,
  type UpdateUserRequest,
  type VerificationRequest,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { queueMail } from '../../mail/outbox';
import { administrator } from '../../policy/administrator';
import type { Viewer } from '../../policy/can';
import { findAuditEntries, insertAudit } from '../audit/repository';
import { deleteUserSessions } from '../auth/repository';
import { updateEvent } from '../events/event.repository';
import { applyAdjustment } from '../ledger/adjustments';
import * as ledger from '../ledger/repository';
import { rejectRequestedPayout } from '../payouts/repository';
import { banOf } from '../users/ban';
import { updateUser as updateAccount } from '../users/users.repository';
import { announcePayoutChange, payoutNotFound, toAdminPayout } from './payout-change';
import * as repo from './repository';

const m = adminFr;

const userNotFound = () => new AppError('USER_NOT_FOUND', m.errors.userNotFound, 404);

function toAdminUser(row: repo.AdminUserRow, now: Date): AdminUser {
  const ban = banOf(
    {
      bannedAt: row.bannedAt ? new Date(row.bannedAt) : null,
      bannedUntil: row.bannedUntil ? new Date(row.bannedUntil) : null,
    },
    now,
  );
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    isVerified: row.isVerified,
    commissionRateBps: row.commissionRateBps,
    commissionFixedCents: row.commissionFixedCents,
    payoutAdvancePercent: row.payoutAdvancePercent,
    balanceCents: row.balanceCents,
    isBanned: Boolean(ban),
    bannedUntil: ban ? row.bannedUntil : null,
    banReason: ban ? row.banReason : null,
    billingIdentityDueAt: row.billingIdentityDueAt,
    createdAt: row.createdAt,
  };
}

export async function summary(deps: AppDeps, viewer: Viewer | null): Promise<AdminSummary> {
  administrator(viewer);
  return repo.findSummary(deps.db);
}

export async function listVerificationRequests(deps: AppDeps, viewer: Viewer | null): Promise<VerificationRequest[]> {
  administrator(viewer);
  return repo.findVerificationRequests(deps.db);
}

/** Loads and locks the account, applies `change`, writes the audit line: one transaction. */
async function changeUser(
  deps: AppDeps,
  viewer: Viewer | null,
  userId: string,
  action: string,
  change: (tx: AppDeps['db'], user: repo.AdminUserRow) => Promise<Record<string, unknown> | undefined>,
): Promise<AdminUser> {
  const admin = administrator(viewer);
  if (!isUuid(userId)) throw userNotFound();
  return deps.db.transaction(async (tx) => {
    const before = await repo.findUser(tx, userId, true);
    if (!before) throw userNotFound();
    const values = await change(tx, before);
    if (values) await updateAccount(tx, userId, values);
    const after = await repo.findUser(tx, userId);
    if (!after) throw userNotFound();
    await insertAudit(tx, {
      actorId: admin.id,
      action,
      targetType: 'user',
      targetId: userId,
      before: auditedUser(before),
      after: auditedUser(after),
    });
    return toAdminUser(after, deps.clock.now());
  });
}

/** What the audit keeps of an account: the fields an administrator changes. */
function auditedUser(row: repo.AdminUserRow) {
  return {
    role: row.role,
    isVerified: row.isVerified,
    verificationRequestedAt: row.verificationRequestedAt,
    commissionRateBps: row.commissionRateBps,
    commissionFixedCents: row.commissionFixedCents,
    payoutAdvancePercent: row.payoutAdvancePercent,
    bannedAt: row.bannedAt,
    bannedUntil: row.bannedUntil,
    banReason: row.banReason,
  };
}

/** Approves a verification request: the account becomes a verified organiser, and is told so. */
export function verifyUser(deps: AppDeps, viewer: Viewer | null, userId: string) {
  return changeUser(deps, viewer, userId, 'user.verify', async (tx, user) => {
    if (user.isVerified) return undefined;
    await queueMail(tx, {
      to: user.email,
      subject: m.mail.verifiedSubject(deps.config.brandName),
      text: m.mail.verifiedBody(user.firstName, deps.config.brandName, `${deps.config.publicUrl}/event_management`),
    });
    return { isVerified: true, verificationRequestedAt: null };
  });
}

/** Refuses a pending request with a reason, e-mailed; the person may ask again from their settings. */
export function refuseVerification(deps: AppDeps, viewer: Viewer | null, userId: string, reason: string) {
  const invalid = firstReasonError(reason);
  if (invalid) throw badRequest(invalid, 'reason');
  return changeUser(deps, viewer, userId, 'user.refuse_verification', async (tx, user) => {
    if (user.isVerified || !user.verificationRequestedAt) {
      throw new AppError('NO_PENDING_REQUEST', m.errors.notPending, 409);
    }
    await queueMail(tx, {
      to: user.email,
      subject: m.mail.refusedSubject(deps.config.brandName),
      text: m.mail.refusedBody(user.firstName, reason.trim()),
    });
    return { verificationRequestedAt: null };
  });
}

export async function searchUsers(
  deps: AppDeps,
  viewer: Viewer | null,
  q: string,
  billingDue = false,
): Promise<AdminUser[]> {
  administrator(viewer);
  const now = deps.clock.now();
  return (await repo.searchUsers(deps.db, q, billingDue)).map((row) => toAdminUser(row, now));
}

/** A role or a commission rate; an administrator does not change their own role (no lock-out). */
export function updateUser(deps: AppDeps, viewer: Viewer | null, userId: string, input: UpdateUserRequest) {
  if ('role' in input) {
    if (viewer?.id === userId) throw new AppError('NOT_YOURSELF', m.errors.notYourself, 409);
    return changeUser(deps, viewer, userId, 'user.role', async () => ({ role: input.role }));
  }
  return changeUser(deps, viewer, userId, 'user.commission', async () => ({
    commissionRateBps: input.commission?.rateBps ?? null,
    commissionFixedCents: input.commission?.fixedCents ?? null,
  }));
}

/**
 * The share of an event's balance the organiser may ask for before the event ends (0–100,
 * docs/decisions.md, "Payout rules"); audited as any change of an account.
 */
export function setPayoutAdvance(deps: AppDeps, viewer: Viewer | null, userId: string, input: PayoutAdvanceRequest) {
  const percent = parseAdvancePercent(input.percent);
  if (percent === null) throw badRequest(m.errors.advancePercent, 'percent');
  return changeUser(deps, viewer, userId, 'user.payout_advance', async () => ({ payoutAdvancePercent: percent }));
}

/**
 * An administrator's entry in the organiser's own stream of the ledger, with its reason: a
 * repayment of what they owe (> 0) or a charge (< 0). A repayment pays back their events in debt
 * at once, oldest first, so that a later payout does not recover the same debt again.
 */
export async function adjustLedger(
  deps: AppDeps,
  viewer: Viewer | null,
  userId: string,
  input: LedgerAdjustmentRequest,
) {
  const admin = administrator(viewer);
  if (
    !Number.isSafeInteger(input.amountCents) ||
    input.amountCents === 0 ||
    Math.abs(input.amountCents) > 100_000_000
  ) {
    throw badRequest(m.errors.adjustmentAmount, 'amountCents');
  }
  const invalidReason = firstAdjustmentReasonError(input.reason);
  if (invalidReason) throw badRequest(invalidReason, 'reason');
  const reason = input.reason.trim();
  if (!isUuid(userId)) throw userNotFound();
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findUser(tx, userId, true))) throw userNotFound();
    const before = await ledger.organizerBalance(tx, userId);
    await applyAdjustment(tx, { organizerId: userId, amountCents: input.amountCents, reason, by: admin.id });
    const balanceCents = await ledger.organizerBalance(tx, userId);
    await insertAudit(tx, {
      actorId: admin.id,
      action: 'user.ledger_adjustment',
      targetType: 'user',
      targetId: userId,
      before: { balanceCents: before },
      after: { balanceCents, amountCents: input.amountCents, reason },
    });
    return { balanceCents };
  });
}

/** Bans an account until a date or for ever; its sessions end in the same transaction. */
export function banUser(deps: AppDeps, viewer: Viewer | null, userId: string, input: BanRequest) {
  const invalid = firstReasonError(input.reason);
  if (invalid) throw badRequest(invalid, 'reason');
  const now = deps.clock.now();
  const until = input.until ? new Date(input.until) : null;
  if (until && until <= now) throw badRequest(m.errors.banInPast, 'until');
  if (viewer?.id === userId) throw new AppError('NOT_YOURSELF', m.errors.notYourself, 409);
  return changeUser(deps, viewer, userId, 'user.ban', async (tx, user) => {
    if (user.role === 'admin') throw new AppError('ADMIN_NOT_BANNABLE', m.errors.notAnAdmin, 409);
    await deleteUserSessions(tx, userId);
    return { bannedAt: now, bannedUntil: until, banReason: input.reason.trim() };
  });
}

export function unbanUser(deps: AppDeps, viewer: Viewer | null, userId: string) {
  return changeUser(deps, viewer, userId, 'user.unban', async () => ({
    bannedAt: null,
    bannedUntil: null,
    banReason: null,
  }));
}

export async function searchEvents(
  deps: AppDeps,
  viewer: Viewer | null,
  q: string,
  providers: PaymentProviderChoice[],
): Promise<AdminEvents> {
  administrator(viewer);
  return { events: await repo.searchEvents(deps.db, q), providers };
}

async function changeEvent(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  action: string,
  values: (event: repo.AdminEventRow) => Record<string, unknown>,
) {
  const admin = administrator(viewer);
  const notFound = () => new AppError('EVENT_NOT_FOUND', m.errors.eventNotFound, 404);
  if (!isUuid(eventId)) throw notFound();
  return deps.db.transaction(async (tx) => {
    const before = await repo.findEvent(tx, eventId, true);
    if (!before) throw notFound();
    await updateEvent(tx, eventId, { ...values(before), updatedAt: deps.clock.now() });
    const after = await repo.findEvent(tx, eventId);
    if (!after) throw notFound();
    await insertAudit(tx, {
      actorId: admin.id,
      action,
      targetType: 'event',
      targetId: eventId,
      before: { isPublic: before.isPublic, paymentProvider: before.paymentProvider },
      after: { isPublic: after.isPublic, paymentProvider: after.paymentProvider },
    });
    return after;
  });
}

/** Takes an event off the public listing: it becomes private, as at its creation. */
export function unpublishEvent(deps: AppDeps, viewer: Viewer | null, eventId: string) {
  return changeEvent(deps, viewer, eventId, 'event.unpublish', () => ({ isPublic: false }));
}

/** The provider new payments of this event go through, among those the platform is configured with. */
export function setEventProvider(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  provider: PaymentProviderChoice,
  enabled: PaymentProviderChoice[],
) {
  if (!enabled.includes(provider)) throw badRequest(m.errors.providerDisabled, 'provider');
  return changeEvent(deps, viewer, eventId, 'event.provider', () => ({ paymentProvider: provider }));
}

export async function listPayouts(deps: AppDeps, viewer: Viewer | null, status: PayoutFilter): Promise<AdminPayout[]> {
  administrator(viewer);
  return (await repo.findPayouts(deps.db, status)).map(toAdminPayout);
}

/**
 * Rejects a payout request not yet in a batch, with a reason: its amount goes back to the balance
 * and the organiser is e-mailed, in the same transaction. Once batched, its file may be at the
 * bank: only a bank return undoes it (payout-batches).
 */
export async function rejectPayout(deps: AppDeps, viewer: Viewer | null, payoutId: string, input: string) {
  const invalid = firstReasonError(input);
  if (invalid) throw badRequest(invalid, 'reason');
  const reason = input.trim();
  const admin = administrator(viewer);
  if (!isUuid(payoutId)) throw payoutNotFound();
  return deps.db.transaction(async (tx) => {
    const before = await repo.findPayout(tx, payoutId, true);
    if (!before) throw payoutNotFound();
    if (before.status === 'batched') throw new AppError('PAYOUT_BATCHED', m.errors.payoutBatched, 409);
    const now = deps.clock.now();
    const rejected = await rejectRequestedPayout(tx, payoutId, {
      rejectReason: reason,
      decidedBy: admin.id,
      decidedAt: now,
    });
    if (!rejected) throw new AppError('PAYOUT_DECIDED', m.errors.alreadyDecided, 409);
    return announcePayoutChange(tx, deps, admin.id, before, {
      news: 'rejected',
      action: 'payout.reject',
      detail: (after) => ({ mail: reason, audit: { rejectReason: after.rejectReason } }),
    });
  });
}

/** The routes of the single-payout SEPA file and "paid" are gone: the bank's file is a batch's. */
export function payoutsGoneToBatches(viewer: Viewer | null): never {
  administrator(viewer);
  throw new AppError('USE_PAYOUT_BATCHES', m.errors.useBatches, 410);
}

export async function listRefunds(deps: AppDeps, viewer: Viewer | null): Promise<AdminRefund[]> {
  administrator(viewer);
  return repo.findRefunds(deps.db);
}

export async function listContactMessages(deps: AppDeps, viewer: Viewer | null): Promise<ContactMessageItem[]> {
  administrator(viewer);
  return repo.findContactMessages(deps.db);
}

export async function listAudit(deps: AppDeps, viewer: Viewer | null): Promise<AuditEntry[]> {
  administrator(viewer);
  return findAuditEntries(deps.db, 300);
}
