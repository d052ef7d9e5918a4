import { contactRequest, messageResult } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { sendContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Open to visitors, so limited per address: each message mails the team.
  app.post(
    '/contact',
    {
      schema: { body: contactRequest, response: { 200: messageResult } },
      ...access('anyone', { perWindow: 1, minutes: 10, perTarget: { perWindow: 0.3, minutes: 60 } }),
    },
    async (request) => sendContactMessage(deps, request.user, request.body),
  );
};
