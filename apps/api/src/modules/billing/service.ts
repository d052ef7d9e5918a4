import {
  type BillingIdentity,
  type BillingIdentityRequest,
  type BillingIdentityState,
  billingFr,
  checkBillingIdentity,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import * as repo from './repository';

/**
 * How long an organiser whose paid events were on sale before they gave a billing identity keeps
 * selling without one (docs/decisions.md, "Invoices and VAT").
 */
export const BILLING_IDENTITY_GRACE_DAYS = 30;
const DAY_MS = 86_400_000;

function toBillingIdentity(row: repo.BillingIdentityRow): BillingIdentity {
  return {
    legalName: row.legalName,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    siren: row.siren,
    siret: row.siret,
    rna: row.rna,
    vatRegime: row.vatRegime,
    vatNumber: row.vatNumber,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The organiser's billing identity, as the invoices print it; undefined until they gave one. */
export async function findBillingIdentity(db: Database, organizerId: string): Promise<BillingIdentity | undefined> {
  const row = await repo.findBillingIdentityRow(db, organizerId);
  return row ? toBillingIdentity(row) : undefined;
}

/**
 * The settings' answer. An organiser without an identity whose paid events are on sale is given
 * their deadline here the first time it is needed, if the migration that shipped this did not.
 */
export async function getBillingIdentityState(deps: AppDeps, organizerId: string): Promise<BillingIdentityState> {
  const identity = await findBillingIdentity(deps.db, organizerId);
  if (identity) return { identity, dueAt: null };
  let dueAt = await repo.findDueAt(deps.db, organizerId);
  const now = deps.clock.now();
  if (!dueAt && (await repo.hasPaidEventOnSale(deps.db, organizerId, now))) {
    dueAt = await repo.setDueAtOnce(
      deps.db,
      organizerId,
      new Date(now.getTime() + BILLING_IDENTITY_GRACE_DAYS * DAY_MS),
    );
  }
  return { identity: null, dueAt: dueAt?.toISOString() ?? null };
}

export async function saveBillingIdentity(
  deps: AppDeps,
  organizerId: string,
  input: BillingIdentityRequest,
): Promise<BillingIdentity> {
  const checked = checkBillingIdentity(input);
  if ('error' in checked) throw badRequest(checked.error.message, checked.error.field);
  return toBillingIdentity(
    await repo.upsertBillingIdentity(deps.db, { organizerId, ...checked.identity }, deps.clock.now()),
  );
}

/**
 * The gate on paid ticketing (issue 29): a paid event opens its ticketing only once its organiser
 * gave the identity its invoices print. A stored identity is complete (checked as a whole), so what
 * is missing is all of it.
 */
export async function assertBillingIdentity(db: Database, organizerId: string): Promise<void> {
  if (await repo.findBillingIdentityRow(db, organizerId)) return;
  const names = billingFr.gate.missingFields;
  throw new AppError(
    'BILLING_IDENTITY_REQUIRED',
    billingFr.gate.missing([names.legalName, names.address, names.registrationNumber, names.vat].join(', ')),
    409,
  );
}
