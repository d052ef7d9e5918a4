import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** Routes of address suggestions and geocoding behind an adapter. */
export const addressRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
