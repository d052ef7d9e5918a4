import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { access } from '../../plugins/route-access';
import { robotsTxt, type SiteFilesDeps, securityTxt, sitemapXml } from './service';

/** The files search engines and security researchers ask for at the site's root. */
export const siteFileRoutes: FastifyPluginAsyncZod<SiteFilesDeps & { clock: Clock }> = async (app, deps) => {
  const cached = 'public, max-age=3600';
  app.get('/robots.txt', { ...access('anyone') }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cached).send(robotsTxt(deps.config)),
  );
  app.get(
    '/sitemap.xml',
    { schema: { querystring: z.object({ page: z.coerce.number().int().optional() }) }, ...access('anyone') },
    async (request, reply) => {
      const xml = await sitemapXml(deps, request.query.page);
      if (!xml) return reply.status(404).type('text/plain; charset=utf-8').send('');
      return reply.type('application/xml; charset=utf-8').header('cache-control', cached).send(xml);
    },
  );
  app.get('/.well-known/security.txt', { ...access('anyone') }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', cached)
      .send(securityTxt(deps.config, deps.clock.now())),
  );
};
