import { type AdminPayout, adminFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { insertAudit } from '../audit/repository';
import { queuePayoutMail } from '../payouts/mail';
import { withCommissionInvoice } from '../payouts/service';
import * as repo from './repository';

export const toAdminPayout = ({ organizerId: _o, organizerFirstName: _f, ...row }: repo.AdminPayoutRow): AdminPayout =>
  withCommissionInvoice(row);

export const payoutNotFound = () => new AppError('PAYOUT_NOT_FOUND', adminFr.errors.payoutNotFound, 404);

/**
 * Ends an administrator's change of a payout, in its transaction: the payout is read back, its
 * organiser is mailed the news and the change is audited, amount and status before and after.
 */
export async function announcePayoutChange(
  tx: Database,
  deps: AppDeps,
  adminId: string,
  before: repo.AdminPayoutRow,
  change: {
    news: 'rejected' | 'returned';
    action: string;
    /** The mail's own line (the reason, the IBAN) and the audit's own fields, of the payout read back. */
    detail(after: repo.AdminPayoutRow): { mail: string; audit: Record<string, unknown> };
  },
): Promise<AdminPayout> {
  const after = await repo.findPayout(tx, before.id);
  if (!after) throw payoutNotFound();
  const detail = change.detail(after);
  await queuePayoutMail(tx, deps.config.brandName, change.news, after, detail.mail);
  await insertAudit(tx, {
    actorId: adminId,
    action: change.action,
    targetType: 'payout',
    targetId: before.id,
    before: { status: before.status, amountCents: before.amountCents },
    after: { status: after.status, amountCents: after.amountCents, ...detail.audit },
  });
  return toAdminPayout(after);
}
