import { fr, ticketsFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { AppleWalletSettings, GoogleWalletSettings } from '../../config';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { randomToken, sha256 } from '../../lib/tokens';
import { findTicketView } from '../ticket-codes/repository';
import { loadOwnTicket } from '../ticket-codes/service';
import { applePass } from './apple-pass';
import { googleSaveUrl } from './google-pass';
import { walletPassContentOf } from './pass-content';
import * as repository from './wallet.repository';

type WalletDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

const notFound = () => new AppError('TICKET_NOT_FOUND', ticketsFr.ticket.notFound, 404);
// Apple's protocol answers 401 to a wrong or missing token, with no body it would read.
const unauthorized = () => new AppError('UNAUTHENTICATED', fr.shell.notLoggedIn, 401);

/** Which wallets are offered: the web shows a button only for those. */
export function enabledWallets(config: AppDeps['config']) {
  return { apple: config.wallet.apple !== undefined, google: config.wallet.google !== undefined };
}

/** A wallet without its settings does not exist, for its routes as for its buttons. */
function appleSettings(deps: WalletDeps, passTypeId?: string): AppleWalletSettings {
  const apple = deps.config.wallet.apple;
  if (!apple || (passTypeId !== undefined && passTypeId !== apple.passTypeId)) throw notFound();
  return apple;
}

function googleSettings(deps: WalletDeps): GoogleWalletSettings {
  const google = deps.config.wallet.google;
  if (!google) throw notFound();
  return google;
}

const webServiceUrl = (deps: WalletDeps) => `${deps.config.publicUrl}/api/wallet/apple`;

/** The holder's .pkpass: each download has its own token, kept hashed, which its device sends back. */
export async function applePassForHolder(deps: WalletDeps, participationId: string, userId: string) {
  const settings = appleSettings(deps);
  const row = await loadOwnTicket(deps, participationId, userId);
  const authenticationToken = randomToken();
  await repository.addPassToken(deps.db, row.id, sha256(authenticationToken));
  const content = walletPassContentOf(deps, row);
  return {
    filename: `billet-${row.id.slice(0, 8)}.pkpass`,
    pkpass: await applePass(content, settings, {
      brandName: deps.config.brandName,
      webServiceUrl: webServiceUrl(deps),
      authenticationToken,
    }),
  };
}

/** `Authorization: ApplePass <token>` of one of the pass's downloads, or 401. */
async function authorisedPass(deps: WalletDeps, serial: string, authorization: string | undefined) {
  const token = /^ApplePass (\S+)$/.exec(authorization ?? '')?.[1];
  const pass = token && isUuid(serial) ? await repository.findPassByToken(deps.db, serial, sha256(token)) : undefined;
  if (!token || !pass) throw unauthorized();
  return { token, pass };
}

export async function registerAppleDevice(
  deps: WalletDeps,
  request: { deviceId: string; passTypeId: string; serial: string; authorization?: string; pushToken: string },
): Promise<'created' | 'existing'> {
  appleSettings(deps, request.passTypeId);
  await authorisedPass(deps, request.serial, request.authorization);
  const isNew = await repository.registerDevice(deps.db, {
    deviceId: request.deviceId,
    participationId: request.serial,
    pushToken: request.pushToken,
  });
  return isNew ? 'created' : 'existing';
}

export async function unregisterAppleDevice(
  deps: WalletDeps,
  request: { deviceId: string; passTypeId: string; serial: string; authorization?: string },
): Promise<void> {
  appleSettings(deps, request.passTypeId);
  await authorisedPass(deps, request.serial, request.authorization);
  await repository.unregisterDevice(deps.db, request.deviceId, request.serial);
}

/**
 * The serial numbers of a device's passes changed since the tag it last saw (the tag is the
 * latest change's time in milliseconds), or null when none did (204).
 */
export async function updatedApplePasses(deps: WalletDeps, deviceId: string, passTypeId: string, tag?: string) {
  appleSettings(deps, passTypeId);
  const since = tag && /^\d{1,15}$/.test(tag) ? new Date(Number(tag)) : undefined;
  const rows = await repository.findUpdatedPasses(deps.db, deviceId, since);
  const [latest] = rows;
  if (!latest) return null;
  return { serialNumbers: rows.map((row) => row.participationId), lastUpdated: String(latest.updatedAt.getTime()) };
}

/**
 * The pass as it is now, for a device holding one of its tokens (voided once refunded or
 * cancelled); `notModified` when it has not changed since the device's copy.
 */
export async function latestApplePass(
  deps: WalletDeps,
  request: { passTypeId: string; serial: string; authorization?: string; ifModifiedSince?: string },
) {
  const settings = appleSettings(deps, request.passTypeId);
  const { token, pass } = await authorisedPass(deps, request.serial, request.authorization);
  // HTTP dates hold whole seconds; a change always lands in a later second than the version
  // before it (guichet_wallet_pass_changed.sql), so a copy of the same second is the latest.
  const since = request.ifModifiedSince ? Date.parse(request.ifModifiedSince) : Number.NaN;
  const lastModified = new Date(pass.updatedAt);
  if (!Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since) {
    return { notModified: true as const, lastModified };
  }
  const row = await findTicketView(deps.db, request.serial, undefined, { evenCancelled: true });
  if (!row) throw notFound();
  const pkpass = await applePass(walletPassContentOf(deps, row), settings, {
    brandName: deps.config.brandName,
    webServiceUrl: webServiceUrl(deps),
    authenticationToken: token,
  });
  return { notModified: false as const, lastModified, pkpass };
}

/** The holder's "Add to Google Wallet" link; from now on the ticket's changes are sent to Google. */
export async function googleWalletLink(deps: WalletDeps, participationId: string, userId: string) {
  const settings = googleSettings(deps);
  const row = await loadOwnTicket(deps, participationId, userId);
  await repository.markGoogleLinked(deps.db, row.id, deps.clock.now());
  const url = await googleSaveUrl(walletPassContentOf(deps, row), settings, {
    brandName: deps.config.brandName,
    origin: new URL(deps.config.publicUrl).origin,
  });
  return { url };
}
