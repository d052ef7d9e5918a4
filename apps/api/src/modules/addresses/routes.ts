import { ADDRESS_QUERY_MIN_LENGTH, addressSearchQuery, addressSuggestion } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { type AddressService, addressServiceFromConfig } from './service';

type AddressRouteOptions = AppDeps & { addresses?: AddressService };

/** Routes of address suggestions and geocoding behind an adapter. */
export const addressRoutes: FastifyPluginAsyncZod<AddressRouteOptions> = async (app, deps) => {
  const addresses = deps.addresses ?? addressServiceFromConfig(deps.config, app.log);

  // Open to visitors (forms of the showcase use it too); limited so that the national service's
  // quota is not spent by one address.
  app.get(
    '/addresses',
    {
      schema: { querystring: addressSearchQuery, response: { 200: z.array(addressSuggestion) } },
      ...access('anyone', { perWindow: 6, minutes: 1, floor: 60 }),
    },
    async (request) => {
      const query = request.query.q.trim();
      if (query.length < ADDRESS_QUERY_MIN_LENGTH) return [];
      return addresses.suggest(query);
    },
  );
};
