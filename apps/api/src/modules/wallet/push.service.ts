import type { AppDeps } from '../../app-deps';
import { SubjectGone } from '../../jobs/subject-gone';
import { isUuid } from '../../lib/ids';
import { findTicketView } from '../ticket-codes/repository';
import { googleObjectId } from './google-pass';
import type { WalletPushAdapter } from './push-adapter';
import { findPass, findPushTokens, forgetPushTokens } from './wallet.repository';

/**
 * The `wallet_push` job, queued by the database when a participation with a pass changed
 * (wallet/sql/guichet_wallet_pass_changed.sql): each registered Apple device is told, and then
 * fetches the pass anew; a Google object saved from our link is set INACTIVE once the ticket is
 * refunded or cancelled. Run again after a failure, it tells them again, which is harmless.
 */
export async function pushWalletPassChange(
  deps: Pick<AppDeps, 'db' | 'config'>,
  adapter: WalletPushAdapter,
  participationId: string,
): Promise<void> {
  const pass = isUuid(participationId) ? await findPass(deps.db, participationId) : undefined;
  if (!pass) throw new SubjectGone('wallet pass gone');
  if (deps.config.wallet.apple) {
    const tokens = await findPushTokens(deps.db, participationId);
    const { gone } = await adapter.notifyAppleDevices(tokens);
    await forgetPushTokens(deps.db, participationId, gone);
  }
  const google = deps.config.wallet.google;
  if (google && pass.googleLinkedAt) {
    const row = await findTicketView(deps.db, participationId, undefined, { evenCancelled: true });
    await adapter.patchGoogleObject(googleObjectId(google.issuerId, participationId), {
      state: !row || row.cancelledAt ? 'INACTIVE' : 'ACTIVE',
    });
  }
}
