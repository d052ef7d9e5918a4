import type { WebhookEventType } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * Emits an organiser's webhook event inside the caller's transaction (`tx`): at most one row,
 * written only when one of their live endpoints listens for `type` (webhooks/sql/
 * guichet_emit_webhook.sql). Orders paid and refunded, entries and cancellations are emitted by
 * the database's triggers; the features without one (an event's edit, a transfer) call this.
 */
export async function emitWebhookEvent(
  tx: Database,
  organiserId: string,
  type: WebhookEventType,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.execute(sql`select guichet_emit_webhook(${organiserId}::uuid, ${type}, ${JSON.stringify(payload)}::jsonb)`);
}
