import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** Routes of the organiser console's reads: the organiser's events, the administrator's organiser list. */
export const consoleRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
