import {
  invitation,
  invitationCreated,
  invitationPreview,
  invitationRequest,
  invitationRevoked,
  invitationsFr,
  invitationsImported,
  MAX_INVITATION_FILE_MB,
} from '@guichet/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { access } from '../../plugins/route-access';
import * as service from './service';

const params = z.object({ id: z.string().max(64) });
const invitationParams = params.extend({ participationId: z.string().max(64) });

/** The `file` field of a multipart upload, whole, under the size limit; a French refusal otherwise. */
async function receiveFile(request: FastifyRequest): Promise<Buffer> {
  const refuse = (code: string, message: string, status = 400) => new AppError(code, message, status, 'file');
  if (!request.isMultipart()) throw refuse('NOT_MULTIPART', invitationsFr.fileRequired, 415);
  const part = await request.file({ limits: { fileSize: MAX_INVITATION_FILE_MB * 1024 * 1024, files: 1 } });
  if (part?.fieldname !== 'file') throw refuse('NO_FILE', invitationsFr.fileRequired);
  const tooLarge = () => refuse('FILE_TOO_LARGE', invitationsFr.fileTooLarge(MAX_INVITATION_FILE_MB), 413);
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch {
    throw tooLarge();
  }
  if (part.file.truncated) throw tooLarge();
  return buffer;
}

/** Invitations (issue 31): free named places the event's verified organiser or the administrator gives. */
export const invitationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/invitations',
    { schema: { params, response: { 200: z.array(invitation) } }, ...access('user') },
    async (request) => service.listInvitations(deps, request.user, request.params.id),
  );

  app.post(
    '/console/events/:id/invitations',
    { schema: { params, body: invitationRequest, response: { 201: invitationCreated } }, ...access('user') },
    async (request, reply) =>
      reply.status(201).send(await service.createInvitation(deps, request.user, request.params.id, request.body)),
  );

  // Two steps on the same file: the preview writes nothing; the import checks it again and creates all or none.
  app.post(
    '/console/events/:id/invitations/preview',
    { schema: { params, response: { 200: invitationPreview } }, ...access('user') },
    async (request) => service.previewInvitationFile(deps, request.user, request.params.id, () => receiveFile(request)),
  );

  app.post(
    '/console/events/:id/invitations/import',
    { schema: { params, response: { 201: invitationsImported } }, ...access('user') },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.importInvitationFile(deps, request.user, request.params.id, () => receiveFile(request))),
  );

  app.post(
    '/console/events/:id/invitations/:participationId/revoke',
    { schema: { params: invitationParams, response: { 200: invitationRevoked } }, ...access('user') },
    async (request) => service.revokeInvitation(deps, request.user, request.params.id, request.params.participationId),
  );
};
