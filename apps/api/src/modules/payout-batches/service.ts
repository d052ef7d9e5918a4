import { type AdminPayout, adminFr, groupIban, type PayoutBatch, type PayoutBatchCreated } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { administrator } from '../../policy/administrator';
import type { Viewer } from '../../policy/can';
import { announcePayoutChange, payoutNotFound } from '../admin/payout-change';
import { findPayout } from '../admin/repository';
import { insertAudit } from '../audit/repository';
import { queuePayoutMail } from '../payouts/mail';
import { buildPain001 } from '../payouts/sepa';
import * as repo from './repository';

const m = adminFr;

const batchNotFound = () => new AppError('BATCH_NOT_FOUND', m.errors.batchNotFound, 404);

/** Audits a step of a batch's life (made, sent, paid): each names the batch's payouts, with what it changed. */
function auditBatchStep(
  tx: Database,
  adminId: string,
  step: 'create' | 'download' | 'paid',
  batchId: string,
  payouts: { id: string }[],
  change: { before?: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  return insertAudit(tx, {
    actorId: adminId,
    action: `payout_batch.${step}`,
    targetType: 'payout_batch',
    targetId: batchId,
    before: change.before,
    after: { ...change.after, payoutIds: payouts.map((payout) => payout.id) },
  });
}

export async function listBatches(deps: AppDeps, viewer: Viewer | null): Promise<PayoutBatch[]> {
  administrator(viewer);
  return repo.findBatches(deps.db, 100);
}

/**
 * A batch of every payout still requested, or of those listed that still are. Nothing to put in
 * it: 409, and no batch is left behind (the transaction is rolled back).
 */
export async function createBatch(
  deps: AppDeps,
  viewer: Viewer | null,
  payoutIds: string[] | undefined,
): Promise<PayoutBatchCreated> {
  const admin = administrator(viewer);
  if (payoutIds?.some((id) => !isUuid(id))) throw badRequest(m.errors.payoutIdInvalid, 'payoutIds');
  return deps.db.transaction(async (tx) => {
    const id = await repo.insertBatch(tx, admin.id, deps.clock.now());
    const moved = await repo.moveRequestedIntoBatch(tx, id, payoutIds ? [...new Set(payoutIds)] : undefined);
    if (moved.length === 0) throw new AppError('NOTHING_TO_BATCH', m.errors.nothingToBatch, 409);
    const totalCents = moved.reduce((sum, payout) => sum + payout.amountCents, 0);
    await auditBatchStep(tx, admin.id, 'create', id, moved, { after: { totalCents } });
    return { id, payoutIds: moved.map((payout) => payout.id) };
  });
}

/**
 * The batch's pain.001 file. Written at the first download from the batch's id (its MsgId) and
 * creation instant, then kept: every later download sends the same bytes, so that a second upload
 * is the same order to the bank, never a new one. The first download marks the batch sent.
 */
export async function batchFile(
  deps: AppDeps,
  viewer: Viewer | null,
  batchId: string,
): Promise<{ xml: string; fileName: string }> {
  const admin = administrator(viewer);
  if (!isUuid(batchId)) throw batchNotFound();
  return deps.db.transaction(async (tx) => {
    const batch = await repo.lockBatch(tx, batchId);
    if (!batch) throw batchNotFound();
    const fileName = `virements-${batch.createdAt.toISOString().slice(0, 10)}-lot-${batch.id.slice(0, 8)}.xml`;
    if (batch.sepaXml !== null) return { xml: batch.sepaXml, fileName };
    const debtor = deps.config.payoutDebtor;
    if (!debtor) throw new AppError('DEBTOR_MISSING', m.errors.debtorMissing, 503);
    const payouts = await repo.findBatchedPayouts(tx, batch.id);
    if (payouts.length === 0) throw new AppError('BATCH_EMPTY', m.errors.batchEmpty, 409);
    const now = deps.clock.now();
    const xml = buildPain001({
      debtor,
      messageId: batch.id,
      createdAt: batch.createdAt,
      executionDate: now.toISOString().slice(0, 10),
      transfers: payouts.map((payout) => ({
        id: payout.id,
        amountCents: payout.amountCents,
        creditorName: payout.holderName,
        iban: payout.iban,
        bic: payout.bic,
        remittance: `${deps.config.brandName} ${payout.eventTitle}`,
      })),
    });
    await repo.recordFirstDownload(tx, batch.id, { xml, by: admin.id, at: now });
    await auditBatchStep(tx, admin.id, 'download', batch.id, payouts, {
      before: { downloadedAt: null },
      after: { downloadedAt: now.toISOString() },
    });
    return { xml, fileName };
  });
}

/** The bank carried out the batch's file: each of its payouts is paid and its organiser told. */
export async function markBatchPaid(
  deps: AppDeps,
  viewer: Viewer | null,
  batchId: string,
  bankReference: string,
): Promise<PayoutBatch> {
  const admin = administrator(viewer);
  const reference = bankReference.trim();
  if (!reference) throw badRequest(m.payouts.bankReferenceRequired, 'bankReference');
  if (!isUuid(batchId)) throw batchNotFound();
  return deps.db.transaction(async (tx) => {
    const batch = await repo.lockBatch(tx, batchId);
    if (!batch) throw batchNotFound();
    if (batch.paidAt) throw new AppError('BATCH_PAID', m.errors.batchAlreadyPaid, 409);
    if (!batch.downloadedAt) throw new AppError('BATCH_NOT_SENT', m.errors.batchNotDownloaded, 409);
    const payouts = await repo.findBatchedPayouts(tx, batch.id);
    await repo.markBatchPaid(tx, batch.id, { reference, by: admin.id, at: deps.clock.now() });
    for (const payout of payouts) {
      await queuePayoutMail(tx, deps.config.brandName, 'paid', payout, reference);
    }
    await auditBatchStep(tx, admin.id, 'paid', batch.id, payouts, {
      before: { paidAt: null },
      after: { bankReference: reference },
    });
    const after = await repo.findBatch(tx, batch.id);
    if (!after) throw batchNotFound();
    return after;
  });
}

/**
 * A paid payout the bank sent back (closed account, wrong holder): its amount is available again
 * in the event's balance, and the organiser is asked to check their bank details.
 */
export async function markPayoutReturned(deps: AppDeps, viewer: Viewer | null, payoutId: string): Promise<AdminPayout> {
  const admin = administrator(viewer);
  if (!isUuid(payoutId)) throw payoutNotFound();
  return deps.db.transaction(async (tx) => {
    const before = await findPayout(tx, payoutId, true);
    if (!before) throw payoutNotFound();
    const now = deps.clock.now();
    if (!(await repo.markReturned(tx, payoutId, now))) {
      const neverSent = before.status === 'requested' || before.status === 'batched';
      throw new AppError('PAYOUT_NOT_RETURNABLE', neverSent ? m.errors.notSent : m.errors.notReturnable, 409);
    }
    return announcePayoutChange(tx, deps, admin.id, before, {
      news: 'returned',
      action: 'payout.returned',
      detail: (after) => ({ mail: groupIban(after.iban), audit: { returnedAt: after.returnedAt } }),
    });
  });
}
