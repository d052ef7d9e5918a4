import {
  emailChangeConfirm,
  messageResult,
  passwordChange,
  privacySettings,
  profileSaveResult,
  profileSettings,
  travelSettings,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import { cancelEmailChange, confirmEmailChange } from './email-change.service';
import * as settings from './settings.service';

/** Settings live under /me: the account changed is always the session's, never one named in the request. */
export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const ok = { 200: messageResult };

  app.put(
    '/me/profile',
    {
      schema: { body: profileSettings, response: { 200: profileSaveResult } },
      ...access('user', { perWindow: 2, minutes: 10, perTarget: { perWindow: 1, minutes: 60 } }),
    },
    async (request) => settings.saveProfile(deps, requireUser(request), request.body),
  );

  app.put('/me/travel', { schema: { body: travelSettings, response: ok }, ...access('user') }, async (request) =>
    settings.saveTravel(deps, requireUser(request), request.body),
  );

  app.put('/me/privacy', { schema: { body: privacySettings, response: ok }, ...access('user') }, async (request) =>
    settings.savePrivacy(deps, requireUser(request), request.body),
  );

  app.post(
    '/me/password',
    { schema: { body: passwordChange, response: ok }, ...access('user', { perWindow: 1, minutes: 15 }) },
    async (request) => settings.changePassword(deps, requireUser(request), request.sessionToken, request.body),
  );

  app.post(
    '/me/email/confirm',
    { schema: { body: emailChangeConfirm, response: ok }, ...access('user', { perWindow: 1, minutes: 15 }) },
    async (request) => confirmEmailChange(deps, requireUser(request), request.sessionToken, request.body.code),
  );

  app.delete('/me/email/pending', { schema: { response: ok }, ...access('user') }, async (request) =>
    cancelEmailChange(deps, requireUser(request)),
  );

  app.post(
    '/me/verification-request',
    { schema: { response: ok }, ...access('user', { perWindow: 0.5, minutes: 60 }) },
    async (request) => settings.requestVerification(deps, requireUser(request)),
  );
};
