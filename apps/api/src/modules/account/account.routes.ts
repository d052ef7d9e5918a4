import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { contactRoutes } from './contact.routes';
import { dataRoutes } from './data.routes';
import { followRoutes } from './follows.routes';
import { profileRoutes } from './profile.routes';
import { sessionRoutes } from './sessions.routes';
import { settingsRoutes } from './settings.routes';

/** Routes of the attendee's own account, public profiles, follows, history and contact (issue 5). */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(profileRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(sessionRoutes, deps);
  await app.register(followRoutes, deps);
  await app.register(contactRoutes, deps);
  await app.register(dataRoutes, deps);
};
