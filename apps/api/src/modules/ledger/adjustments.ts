import type { Database } from '../../db/client';
import * as ledger from './repository';

/**
 * Records an administrator's adjustment in the organiser's own stream; what it leaves there above
 * 0 then pays back their events in debt, oldest first (docs/decisions.md, "The money ledger").
 */
export async function applyAdjustment(
  tx: Database,
  adjustment: { organizerId: string; amountCents: number; reason: string; by: string },
): Promise<void> {
  const { organizerId } = adjustment;
  await ledger.lockOrganizer(tx, organizerId);
  const streams = await ledger.organizerStreams(tx, organizerId);
  await ledger.lockStreams(
    tx,
    streams.map((stream) => stream.streamId),
  );
  await ledger.postEntry(tx, {
    organizerId,
    eventId: null,
    account: 'organizer',
    kind: 'adjustment',
    amountCents: adjustment.amountCents,
    reason: adjustment.reason,
    createdBy: adjustment.by,
  });
  let leftCents = await ledger.streamBalance(tx, organizerId);
  const entry = { organizerId, account: 'organizer', kind: 'debt_recovery' } as const;
  for (const stream of streams) {
    if (leftCents <= 0) break;
    if (stream.eventId === null || stream.balanceCents >= 0) continue;
    const amountCents = Math.min(-stream.balanceCents, leftCents);
    await ledger.postEntry(tx, { ...entry, eventId: null, amountCents: -amountCents });
    await ledger.postEntry(tx, { ...entry, eventId: stream.eventId, amountCents });
    leftCents -= amountCents;
  }
}
