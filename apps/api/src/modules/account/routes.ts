import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';

/** Routes of the attendee's own account, public profiles, follows, history and contact (issue 5). */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (_app, _deps) => {};
