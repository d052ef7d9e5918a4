import type { ScanOutcome } from '@guichet/shared';

/** A scan's outcome in the server's shape: nothing known of the participant unless `fields` says it. */
export function scanOutcome(id: string, fields: Partial<ScanOutcome> = {}): ScanOutcome {
  return {
    id,
    result: 'accepted',
    participationId: null,
    remaining: null,
    quantity: null,
    holderName: null,
    ticketTitle: null,
    lastScanAt: null,
    lastScanBy: null,
    replay: false,
    conflict: false,
    ...fields,
  };
}
