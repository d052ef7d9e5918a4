import type { Config } from '../../config';
import type { Sellers } from './issue';

/** The sellers as this deployment knows them (the platform's identity is configured). */
export function sellersFrom(config: Pick<Config, 'brandName'>): Sellers {
  return {
    platform: { name: config.brandName, addressLines: [] },
    organizer: async (_db, _organizerId, fallbackName) => ({
      name: fallbackName,
      addressLines: [],
      vatFranchise: false,
    }),
  };
}
