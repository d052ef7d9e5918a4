import { imageUploadResult, myParticipation, myProfile, publicProfile } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as profiles from './profile.service';

export const userParams = z.object({ id: z.string().max(64) });

export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/users/:id',
    { schema: { params: userParams, response: { 200: publicProfile } }, ...access('anyone') },
    async (request) => profiles.getPublicProfile(deps, request.params.id, request.user),
  );

  app.get('/me/profile', { schema: { response: { 200: myProfile } }, ...access('user') }, async (request) =>
    profiles.getMyProfile(deps, requireUser(request)),
  );

  for (const which of ['photo', 'banner'] as const) {
    app.post(
      `/me/${which}`,
      { schema: { response: { 200: imageUploadResult } }, ...access('user', { perWindow: 3, minutes: 10 }) },
      async (request) => profiles.changeProfileImage(deps, request, requireUser(request), which),
    );
  }

  app.get(
    '/me/participations',
    { schema: { response: { 200: z.array(myParticipation) } }, ...access('user') },
    async (request) => profiles.listMyParticipations(deps, requireUser(request)),
  );
};
