import { fr } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { access } from '../plugins/route-access';
import type { ResolveAttachment } from './attachments';
import { findQueuedMail, findRawMail, listMailbox } from './outbox';

const devMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.date(),
  attachments: z.array(z.object({ kind: z.string(), url: z.string() })),
  /** The RFC 822 message as SMTP would have sent it, once sent (a .eml file). */
  rawUrl: z.string().nullable(),
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The development mailbox: registered only outside production. Attachments are made by the
 * resolver the mail job uses, so what is downloaded here is what a mail carries.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database; resolveAttachment: ResolveAttachment }> = async (
  app,
  { db, resolveAttachment },
) => {
  // Every reset code and signed ticket is in here: only this machine may read it (issue 15), by
  // the socket's address, which no forwarded header can change.
  app.addHook('onRequest', async (request) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) {
      throw new AppError('DEV_MAILBOX_LOCAL_ONLY', fr.mail.devMailboxLocalOnly, 403);
    }
  });
  app.get(
    '/dev/mail',
    {
      schema: { querystring: z.object({ to: z.string().max(254).optional() }), response: { 200: z.array(devMail) } },
      ...access('anyone'),
    },
    async (request) =>
      (await listMailbox(db, request.query.to)).map(({ attachments, hasRaw, ...mail }) => ({
        ...mail,
        rawUrl: hasRaw ? `/api/dev/mail/${mail.id}/raw` : null,
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
      const mail = isUuid(id) ? await findQueuedMail(db, id) : undefined;
      const ref = mail?.attachments?.[index];
      const file = ref ? await resolveAttachment(db, ref) : null;
      if (!file) throw new AppError('ATTACHMENT_NOT_FOUND', fr.mail.devMailboxAttachmentMissing, 404);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .type(file.contentType)
        .send(file.content);
    },
  );

  app.get(
    '/dev/mail/:id/raw',
    { schema: { params: z.object({ id: z.string().max(64) }) }, ...access('anyone') },
    async (request, reply) => {
      const { id } = request.params;
      const raw = isUuid(id) ? await findRawMail(db, id) : undefined;
      if (!raw) throw new AppError('RAW_MAIL_NOT_FOUND', fr.mail.devMailboxRawMissing, 404);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="message-${id}.eml"`)
        .type('message/rfc822')
        .send(raw);
    },
  );
};
