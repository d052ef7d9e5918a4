import type { FastifyPluginAsync } from 'fastify';
import { access } from '../../plugins/route-access';
import type { ImageStore } from '../../storage/image-store';

/** Serves stored images. Keys are unique per upload, so they can be cached for good. */
export const imageRoutes: FastifyPluginAsync<{ store: ImageStore }> = async (app, { store }) => {
  app.get<{ Params: { '*': string } }>('/images/*', { ...access('anyone') }, async (request, reply) => {
    const key = request.params['*'];
    const data = await store.get(key);
    if (!data) return reply.status(404).send({ code: 'IMAGE_NOT_FOUND', message: 'Image introuvable.' });
    return reply
      .type(key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });
};
