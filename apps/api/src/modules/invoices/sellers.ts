import type { Config } from '../../config';
import { findBillingIdentity } from '../billing/service';
import type { InvoiceParty } from './document';
import type { Sellers } from './issue';

const addressLines = (at: { street: string; postcode: string; city: string; country: string }) => [
  at.street,
  `${at.postcode} ${at.city}`,
  ...(at.country.trim().toLowerCase() === 'france' ? [] : [at.country]),
];

/**
 * The sellers as this deployment knows them: the platform from its configuration, an organiser
 * from their billing identity. An organiser without one (a private event sold by invitation before
 * they gave it) is named as their account is; the administrator sees them among those to complete.
 */
export function sellersFrom(config: Pick<Config, 'platform'>): Sellers {
  const { platform } = config;
  const platformParty: InvoiceParty = {
    name: platform.legalName,
    addressLines: addressLines(platform),
    siren: platform.siren,
    siret: platform.siret,
    vatNumber: platform.vatNumber,
  };
  return {
    platform: platformParty,
    organizer: async (db, organizerId, fallbackName) => {
      const identity = await findBillingIdentity(db, organizerId);
      if (!identity) return { name: fallbackName, addressLines: [], vatFranchise: false };
      return {
        name: identity.legalName,
        addressLines: addressLines(identity),
        siren: identity.siren,
        siret: identity.siret,
        rna: identity.rna,
        vatNumber: identity.vatNumber,
        vatFranchise: identity.vatRegime !== 'vat',
      };
    },
  };
}
