import swagger from '@fastify/swagger';
import { apiFr, apiOperationsFr } from '@guichet/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Config } from '../config';
import { tokenScopeOf } from '../modules/api-tokens/scopes';
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
/** The session, and an API token holding the operation's scope where it has one. */
function securityOf(tokenScope: string | undefined): Record<string, string[]>[] {
  return tokenScope ? [{ session: [] }, { apiToken: [tokenScope] }] : [{ session: [] }];
}

export async function registerOpenApi(
  app: FastifyInstance,
  config: Pick<Config, 'rateLimitMax' | 'publicUrl'>,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: apiFr.title, description: apiFr.summary, version: '1' },
      servers: [{ url: config.publicUrl }],
      components: {
        schemas: { Error: errorBody },
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          // An organiser's API token (issue 33), on the operations of its scopes only.
          apiToken: { type: 'http', scheme: 'bearer', description: apiFr.tokenScheme },
        },
      },
    },
    // Only the API: the web app, the sandbox bank and the documentation's own static files are not part of it.
    transform: (document: SwaggerTransform) => {
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      const declared = (document.route.config as RouteConfig) ?? {};
      const method = [document.route.method].flat()[0] ?? 'GET';
      const { url, schema } = namedWildcard(transformed.url, (transformed.schema ?? {}) as Record<string, unknown>);
      return { url, schema: describeOperation({ ...schema }, method, url, declared, config) };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/**
 * A wildcard route (`/api/images/*`) as a named parameter, `{path}`: OpenAPI has no wildcard, and
 * a parameter named `*` is not one a client generator can use.
 */
function namedWildcard(url: string, schema: Record<string, unknown>) {
  if (!url.endsWith('*')) return { url, schema };
  const params = schema.params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  const { '*': wildcard, ...others } = params?.properties ?? {};
  return {
    url: `${url.slice(0, -1)}:path`,
    schema: {
      ...schema,
      params: {
        type: 'object',
        ...params,
        properties: { ...others, path: wildcard ?? { type: 'string' } },
        required: [...(params?.required ?? []).filter((name) => name !== '*'), 'path'],
      },
    },
  };
}

/** `GET /api/events/:id/calendar.ics` → `getEventsByIdCalendarIcs`: stable, unique, readable in a generated client. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

function describeOperation(
  schema: Record<string, unknown>,
  method: string,
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
  const key = `${method} ${url.replace(/:([A-Za-z]+)/g, '{$1}')}`;
  const tokenScope = tokenScopeOf(method, url);
  return {
    ...schema,
    ...extension,
    operationId: operationIdOf(method, url),
    summary: apiOperationsFr[key],
    tags: [url.split('/')[2] ?? 'api'],
    description: [
      `${apiFr.accessLabel} : ${apiFr.access[access]}`,
      `${apiFr.limitLabel} : ${limitText}`,
      access === 'anyone' ? undefined : apiFr.ownership,
      tokenScope ? apiFr.tokenScope(tokenScope) : undefined,
    ]
      .filter(Boolean)
      .join('\n\n'),
    // A public operation says so: an empty list, not nothing, which would read as "undeclared".
    // A token's scope is listed beside the session: either one authenticates, never both.
    security: access === 'anyone' ? [] : securityOf(tokenScope),
    response: {
      ...response,
      '4XX': {
        description: apiFr.errorDescription,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}
