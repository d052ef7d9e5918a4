import type { FastifyPluginAsync } from 'fastify';
import { access } from '../../plugins/route-access';
import type { ImageStore } from '../../storage/image-store';

const safeKey = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(png|jpg|webp)$/;

/** Serves stored images. Keys are unique per upload, so they can be cached for good. */
export const imageRoutes: FastifyPluginAsync<{ store: ImageStore }> = async (app, { store }) => {
  app.get<{ Params: { '*': string } }>('/images/*', { ...access('anyone') }, async (request, reply) => {
    const key = request.params['*'];
    const data = safeKey.test(key) ? await store.get(key) : null;
    if (!data) return reply.status(404).send({ code: 'IMAGE_NOT_FOUND', message: 'Image introuvable.' });
    return reply
      .type(key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });
};
