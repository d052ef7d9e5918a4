import { z } from 'zod';

/** What an API token may do (issue 33); a console route names the one it needs. */
export const apiTokenScopes = ['events:read', 'orders:read', 'checkins:write', 'events:write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];
export const isApiTokenScope = (value: string): value is ApiTokenScope =>
  (apiTokenScopes as readonly string[]).includes(value);

/** What an organiser's endpoints may be told (issue 33). */
export const webhookEventTypes = [
  'order.paid',
  'order.refunded',
  'participation.transferred',
  'checkin.created',
  'event.updated',
  'event.cancelled',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const isWebhookEventType = (value: string): value is WebhookEventType =>
  (webhookEventTypes as readonly string[]).includes(value);

export const API_TOKEN_NAME_MAX = 80;

/**
 * Scopes and events are plain strings here: an unknown one gets the service's own French
 * message naming it, rather than the schema's generic refusal.
 */
export const apiTokenInput = z.object({
  name: z.string().max(200),
  scopes: z.array(z.string().max(100)).max(20),
});
export type ApiTokenInput = z.infer<typeof apiTokenInput>;

export const apiTokenCreated = z.object({ id: z.string(), token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;

const apiTokenSummary = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(apiTokenScopes)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenSummary = z.infer<typeof apiTokenSummary>;
export const apiTokenList = z.array(apiTokenSummary);

export const webhookInput = z.object({
  url: z.string().max(2000),
  events: z.array(z.string().max(100)).max(20),
});
export type WebhookInput = z.infer<typeof webhookInput>;

/** An edit: the address, the events, or switching a disabled endpoint back on. */
export const webhookUpdate = z.object({
  url: z.string().max(2000).optional(),
  events: z.array(z.string().max(100)).max(20).optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdate = z.infer<typeof webhookUpdate>;

export const webhookCreated = z.object({ id: z.string(), secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreated>;

const webhookSummary = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
});
export type WebhookSummary = z.infer<typeof webhookSummary>;
export const webhookList = z.array(webhookSummary);

const webhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  answer: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveryList = z.array(webhookDelivery);
