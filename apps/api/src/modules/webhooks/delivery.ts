import { integrationsFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { JobKind } from '../../db/schema';
import { Deferred } from '../../jobs/deferred';
import { SubjectGone } from '../../jobs/subject-gone';
import { AppError } from '../../lib/errors';
import { queueMail } from '../../mail/outbox';
import { parseWebhookUrl, type Resolve, resolveWebhookTarget } from './address';
import * as repo from './repository';
import { postPinned, type SendResult } from './sender';
import { signatureHeader } from './signature';

/**
 * Attempts of one delivery: 30 s doubled each time, at most an hour apart, about five hours in all
 * (guichet_emit_webhook.sql writes the same number on the jobs it makes).
 */
export const WEBHOOK_MAX_ATTEMPTS = 10;

/** The jobs of a delivery: an event fanned out to its endpoints, then each endpoint's delivery (a lane of their own). */
export const WEBHOOK_JOB_KINDS: readonly JobKind[] = ['webhook_event', 'webhook'];

/** How late a delivery may run at the slot it reserved (the runner's poll, a busy batch). */
const SLOT_VALID_MS = 10_000;

export type WebhookDeps = Pick<AppDeps, 'db' | 'config' | 'clock'> & { resolve?: Resolve };

type Delivery = { eventId: string; endpointId: string; type: string; data: string; createdAt: string };

/** The body every receiver gets, the same at every attempt: only its signature's time changes. */
export function deliveryBody(delivery: Omit<Delivery, 'endpointId'>): string {
  return `{"id":${JSON.stringify(delivery.eventId)},"type":${JSON.stringify(delivery.type)},"createdAt":${JSON.stringify(
    delivery.createdAt,
  )},"data":${delivery.data}}`;
}

/** `webhook_event`: an emitted event becomes one delivery job per endpoint listening for it. */
export async function fanOutWebhookEvent(deps: WebhookDeps, payload: Record<string, string>): Promise<void> {
  await repo.queueDeliveries(
    deps.db,
    {
      eventId: payload.eventId ?? '',
      organiserId: payload.organiserId ?? '',
      type: payload.type ?? '',
      data: payload.data ?? '{}',
      createdAt: payload.createdAt ?? '',
    },
    WEBHOOK_MAX_ATTEMPTS,
  );
}

/**
 * Sends one delivery to one endpoint and logs the attempt. Never throws for the receiver's own
 * failures: it answers them, for the caller to retry or show.
 */
export async function sendDelivery(
  deps: WebhookDeps,
  endpoint: { id: string; url: string; secret: string },
  delivery: Omit<Delivery, 'endpointId'>,
  attempt: number,
): Promise<SendResult> {
  const body = deliveryBody(delivery);
  const { publicOnly, timeoutMs } = deps.config.webhooks;
  let result: SendResult;
  try {
    const url = parseWebhookUrl(endpoint.url, publicOnly);
    const target = await resolveWebhookTarget(url, publicOnly, deps.resolve);
    const t = Math.floor(deps.clock.now().getTime() / 1000);
    result = await postPinned(
      url,
      target.address,
      {
        'content-type': 'application/json',
        'user-agent': 'Guichet-Webhooks/1.0',
        'guichet-event-id': delivery.eventId,
        'guichet-event-type': delivery.type,
        'guichet-signature': signatureHeader(endpoint.secret, body, t),
      },
      body,
      timeoutMs,
    );
  } catch (error) {
    // A refused address is an answer of ours, counted like a receiver's failure.
    const message = error instanceof AppError ? `${error.code}: ${error.message}` : String(error);
    result = { statusCode: null, durationMs: 0, answer: '', error: message.slice(0, 300) };
  }
  await repo.insertAttempt(deps.db, {
    endpointId: endpoint.id,
    eventId: delivery.eventId,
    eventType: delivery.type,
    attempt,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    answer: result.answer,
    error: result.error,
  });
  return result;
}

export const isDelivered = (result: SendResult) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/**
 * `webhook`: one delivery, paced per endpoint (a spent rate waits, without counting an attempt),
 * retried with the runner's backoff on any answer but a 2xx. Past `WEBHOOK_DISABLE_AFTER` failures
 * in a row the endpoint is disabled and its organiser mailed; its deliveries then end.
 */
export async function deliverWebhook(deps: WebhookDeps, payload: Record<string, string>, attempt: number) {
  const endpointId = payload.endpointId ?? '';
  const endpoint = await repo.findEndpoint(deps.db, endpointId);
  if (!endpoint) throw new SubjectGone('webhook endpoint deleted');
  if (endpoint.disabledAt) throw new SubjectGone('webhook endpoint disabled');
  // A slot reserved by this delivery's last run, if it is that run's time: the job was set due
  // at it. Older (a retry after backoff, a crash): a new slot is taken.
  const reserved = Number(payload.slotAt ?? Number.NaN);
  if (!(Math.abs(deps.clock.now().getTime() - reserved) < SLOT_VALID_MS)) {
    const slot = await repo.reserveDeliverySlot(deps.db, endpoint.id, deps.config.webhooks.ratePerSecond);
    if (slot.waitMs > 0) throw new Deferred(slot.waitMs, { slotAt: String(Math.round(slot.slotMs)) });
  }
  const delivery = {
    eventId: payload.eventId ?? '',
    type: payload.type ?? '',
    data: payload.data ?? '{}',
    createdAt: payload.createdAt ?? '',
  };
  const result = await sendDelivery(deps, endpoint, delivery, attempt);
  if (isDelivered(result)) {
    if (endpoint.consecutiveFailures > 0) await repo.recordSuccess(deps.db, endpoint.id);
    return;
  }
  await deps.db.transaction(async (tx) => {
    const failure = await repo.recordFailure(tx, endpoint.id, deps.config.webhooks.disableAfter);
    if (failure?.disabled) {
      await queueMail(tx, {
        to: failure.email,
        subject: integrationsFr.mail.disabledSubject,
        text: integrationsFr.mail.disabledBody(failure.url, failure.failures, `${deps.config.publicUrl}/parameters`),
      });
    }
  });
  throw new Error(`webhook answered ${result.statusCode ?? result.error}`);
}
