import { fr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { access } from '../plugins/route-access';
import type { ResolveAttachment } from './attachments';
import { listMailbox } from './outbox';

/**
 * The development mailbox: registered only outside production. Attachments are made by the
 * resolver the outbox worker uses, so what is downloaded here is what a mail carries.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database; resolveAttachment: ResolveAttachment }> = async (
  app,
  { db, resolveAttachment },
) => {
  app.get(
    '/dev/mail',
    { schema: { querystring: z.object({ to: z.string().max(254).optional() }) }, ...access('anyone') },
    async (request) =>
      (await listMailbox(db, request.query.to)).map(({ attachments, ...mail }) => ({
        ...mail,
        attachments: (attachments ?? []).map((ref, index) => ({
          kind: ref.kind,
          url: `/api/dev/mail/${mail.id}/attachments/${index}`,
        })),
      })),
  );

  app.get(
    '/dev/mail/:id/attachments/:index',
    {
      schema: { params: z.object({ id: z.string().max(64), index: z.coerce.number().int().min(0).max(99) }) },
      ...access('anyone'),
    },
    async (request, reply) => {
      const { id, index } = request.params;
      const mail = isUuid(id) ? await db.query.mailOutbox.findFirst({ where: eq(mailOutbox.id, id) }) : undefined;
      const ref = mail?.attachments?.[index];
      if (!ref) throw new AppError('ATTACHMENT_NOT_FOUND', fr.mail.devMailboxAttachmentMissing, 404);
      const file = await resolveAttachment(db, ref);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .type(file.contentType)
        .send(file.content);
    },
  );
};
