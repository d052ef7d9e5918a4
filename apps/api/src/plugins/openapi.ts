import swagger from '@fastify/swagger';
import { apiFr } from '@guichet/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Config } from '../config';
import { type Access, type RouteLimit, rateLimitOf } from './route-access';
import { SESSION_COOKIE } from './session';

/** What a route declares about its callers, as the contract publishes it on each operation. */
type RouteAccessExtension = {
  'x-access': Access;
  'x-rate-limit': { max: number; windowMinutes: number; key: 'address' | 'address and e-mail' } | null;
};

const errorBody: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'A stable machine code (VALIDATION_ERROR, FORBIDDEN, SOLD_OUT…).' },
    message: { type: 'string', description: 'The French message shown to the person.' },
    field: { type: 'string', description: 'The field the message is about, when there is one.' },
  },
} as const;

type SwaggerTransform = Parameters<typeof jsonSchemaTransform>[0];
type RouteConfig = { access?: Access; limit?: RouteLimit } | undefined;

/**
 * Registers @fastify/swagger, whose onRoute hook collects the routes: register it before them.
 * The zod schemas become JSON schemas through fastify-type-provider-zod's transform, to which we
 * add each route's declared access and limit (`x-access`, `x-rate-limit`, and in words in the
 * description), the error shape every refusal answers, and a line for routes that answer no JSON.
 * @fastify/swagger builds the document on its first call and keeps it: generated once, not at start.
 */
export async function registerOpenApi(app: FastifyInstance, config: Pick<Config, 'rateLimitMax'>): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: apiFr.title, description: apiFr.summary, version: '1' },
      components: {
        schemas: { Error: errorBody },
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
    // Only the API: the web app, the sandbox bank and the documentation's own static files are not part of it.
    transform: (document: SwaggerTransform) => {
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      const declared = (document.route.config as RouteConfig) ?? {};
      return {
        url: transformed.url,
        schema: describeOperation({ ...transformed.schema }, document.url, declared, config),
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

function describeOperation(
  schema: Record<string, unknown>,
  url: string,
  declared: NonNullable<RouteConfig>,
  config: Pick<Config, 'rateLimitMax'>,
) {
  const access = declared.access ?? 'anyone';
  const limit = declared.limit ? rateLimitOf(config, declared.limit) : null;
  const extension: RouteAccessExtension = {
    'x-access': access,
    'x-rate-limit': limit && {
      max: limit.max,
      windowMinutes: limit.timeWindow / 60_000,
      key: declared.limit?.keyByEmail ? 'address and e-mail' : 'address',
    },
  };
  const limitText = limit
    ? apiFr.limit(limit.max, limit.timeWindow / 60_000, Boolean(declared.limit?.keyByEmail))
    : apiFr.noLimit;
  const response = (schema.response as Record<string, unknown> | undefined) ?? {
    200: { description: apiFr.noJsonAnswer, type: 'null' },
  };
  return {
    ...schema,
    ...extension,
    tags: [url.split('/')[2] ?? 'api'],
    description: [
      `${apiFr.accessLabel} : ${apiFr.access[access]}`,
      `${apiFr.limitLabel} : ${limitText}`,
      access === 'anyone' ? undefined : apiFr.ownership,
    ]
      .filter(Boolean)
      .join('\n\n'),
    ...(access !== 'anyone' && { security: [{ session: [] }] }),
    response: {
      ...response,
      '4XX': {
        description: apiFr.errorDescription,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}
