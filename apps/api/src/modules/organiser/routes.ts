import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** Routes of event authoring: create and edit events, tickets, options, promo codes, banners. */
export const organiserRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
