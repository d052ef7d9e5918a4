import { randomUUID } from 'node:crypto';
import {
  integrationsFr,
  isWebhookEventType,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookInput,
  type WebhookSummary,
  type WebhookUpdate,
  webhookEventTypes,
} from '@guichet/shared';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { requireOrganiser } from '../api-tokens/service';
import { insertAudit } from '../audit/repository';
import type { SignedInUser } from '../users/users.repository';
import { parseWebhookUrl, resolveWebhookTarget } from './address';
import { sendDelivery, type WebhookDeps } from './delivery';
import * as repo from './repository';
import { newWebhookSecret } from './signature';

const m = integrationsFr.errors;
const MAX_ENDPOINTS = 10;
const DELIVERY_LOG_LENGTH = 50;
// Longer than a delivery's retries (about five hours) and than an organiser looks back to debug;
// the log grows by one row per attempt, a busy on-sale's worth of rows a day.
const DELIVERY_LOG_DAYS = 30;

function parseEvents(events: string[]): WebhookEventType[] {
  const unknown = events.find((event) => !isWebhookEventType(event));
  if (unknown !== undefined) throw badRequest(m.unknownEvent(unknown), 'events');
  if (events.length === 0) throw badRequest(m.eventsRequired, 'events');
  return webhookEventTypes.filter((event) => events.includes(event));
}

/** Checked when registered and again at each delivery, after DNS resolution (address.ts). */
async function checkedUrl(deps: WebhookDeps, raw: string): Promise<string> {
  const { publicOnly } = deps.config.webhooks;
  const url = parseWebhookUrl(raw, publicOnly);
  if (publicOnly) await resolveWebhookTarget(url, publicOnly, deps.resolve);
  return url.toString();
}

function notFound(): AppError {
  return new AppError('WEBHOOK_NOT_FOUND', m.webhookNotFound, 404);
}

export async function createWebhook(deps: WebhookDeps, me: SignedInUser, input: WebhookInput): Promise<WebhookCreated> {
  requireOrganiser(me);
  const events = parseEvents(input.events);
  const url = await checkedUrl(deps, input.url);
  const secret = newWebhookSecret();
  return deps.db.transaction(async (tx) => {
    if ((await repo.countEndpoints(tx, me.id)) >= MAX_ENDPOINTS) {
      throw new AppError('TOO_MANY_WEBHOOKS', m.tooManyWebhooks(MAX_ENDPOINTS), 409);
    }
    const id = await repo.insertEndpoint(tx, { userId: me.id, url, events, secret });
    await insertAudit(tx, {
      actorId: me.id,
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: id,
      after: { url, events },
    });
    return { id, secret };
  });
}

export async function listWebhooks(deps: WebhookDeps, me: SignedInUser): Promise<WebhookSummary[]> {
  const rows = await repo.findEndpoints(deps.db, me.id);
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    events: row.events.filter(isWebhookEventType),
    enabled: row.disabledAt === null,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function ownEndpoint(deps: WebhookDeps, me: SignedInUser, id: string) {
  const endpoint = isUuid(id) ? await repo.findEndpoint(deps.db, id) : undefined;
  if (!endpoint || endpoint.userId !== me.id) throw notFound();
  return endpoint;
}

export async function updateWebhook(
  deps: WebhookDeps,
  me: SignedInUser,
  id: string,
  input: WebhookUpdate,
): Promise<void> {
  const endpoint = await ownEndpoint(deps, me, id);
  const events = input.events === undefined ? undefined : parseEvents(input.events);
  const url = input.url === undefined ? undefined : await checkedUrl(deps, input.url);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.updateEndpoint(tx, me.id, id, { url, events, enabled: input.enabled }))) throw notFound();
    await insertAudit(tx, {
      actorId: me.id,
      action: 'webhook.update',
      targetType: 'webhook',
      targetId: id,
      before: { url: endpoint.url, events: endpoint.events, enabled: endpoint.disabledAt === null },
      after: { url, events, enabled: input.enabled },
    });
  });
}

export async function deleteWebhook(deps: WebhookDeps, me: SignedInUser, id: string): Promise<void> {
  const endpoint = await ownEndpoint(deps, me, id);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteEndpoint(tx, me.id, id))) throw notFound();
    await insertAudit(tx, {
      actorId: me.id,
      action: 'webhook.delete',
      targetType: 'webhook',
      targetId: id,
      before: { url: endpoint.url, events: endpoint.events },
    });
  });
}

function deliveryOf(row: Awaited<ReturnType<typeof repo.findAttempts>>[number]): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    attempt: row.attempt,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    answer: row.answer,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDeliveries(deps: WebhookDeps, me: SignedInUser, id: string): Promise<WebhookDelivery[]> {
  await ownEndpoint(deps, me, id);
  return (await repo.findAttempts(deps.db, id, DELIVERY_LOG_LENGTH)).map(deliveryOf);
}

/**
 * The test button: a `webhook.test` event sent at once, whatever the endpoint listens for, its
 * answer returned for the screen and kept in the delivery log. Not retried, not counted toward
 * disabling: the organiser is looking.
 */
export async function testWebhook(deps: WebhookDeps, me: SignedInUser, id: string): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(deps, me, id);
  const eventId = randomUUID();
  await sendDelivery(
    deps,
    endpoint,
    {
      eventId,
      type: 'webhook.test',
      data: JSON.stringify({ message: 'Test Guichet' }),
      createdAt: deps.clock.now().toISOString(),
    },
    1,
  );
  const [attempt] = (await repo.findAttempts(deps.db, id, DELIVERY_LOG_LENGTH)).filter(
    (row) => row.eventId === eventId,
  );
  if (!attempt) throw notFound();
  return deliveryOf(attempt);
}

/** The delivery log keeps a month: its rows (answers, errors) are only ever read to debug. */
export async function forgetOldWebhookAttempts(deps: Pick<WebhookDeps, 'db' | 'clock'>): Promise<void> {
  await repo.deleteAttemptsBefore(deps.db, new Date(deps.clock.now().getTime() - DELIVERY_LOG_DAYS * 86_400_000));
}
