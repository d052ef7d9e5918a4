import fc from 'fast-check';

/**
 * The steps of the ledger's property test (invariants.property.test.ts): what a sequence may do,
 * with its weight in the mix. A `Pick` chooses among what exists when the step runs (a buyer, an
 * event, a held order, a participation, a payout, a batch), modulo their number.
 */
export type Pick = number;
export type Action =
  | { kind: 'hold' | 'buy'; buyer: Pick; event: Pick; ticket: Pick; quantity: number; insured: number; promo: boolean }
  | { kind: 'pay' | 'abandon'; order: Pick }
  | { kind: 'expire' }
  | { kind: 'door'; event: Pick; ticket: Pick; quantity: number; method: 'cash' | 'card' }
  | { kind: 'askRefund' | 'acceptRefund' | 'refuseRefund'; participation: Pick }
  | { kind: 'cancel'; event: Pick }
  | { kind: 'runJobs' }
  | { kind: 'allowAdvance'; percent: number }
  | { kind: 'endEvents' }
  | { kind: 'requestPayout'; event: Pick }
  | { kind: 'payoutThrough'; event: Pick; until: 'download' | 'batchPaid' | 'returned' }
  | { kind: 'batch' }
  | { kind: 'download' | 'batchPaid'; batch: Pick }
  | { kind: 'returned' | 'reject'; payout: Pick }
  | { kind: 'adjust'; amountCents: number; withReason: boolean };
export type Step = Action | { kind: 'together'; first: Action; second: Action };

const pick = fc.nat(50);
/** One kind of action, drawn `weight` times in the mix; its fields from `fields`. */
function weighted<K extends Action['kind'], F extends Record<string, fc.Arbitrary<unknown>>>(
  weight: number,
  kinds: K[],
  fields: F,
) {
  return { weight, arbitrary: fc.record({ kind: fc.constantFrom(...kinds), ...fields }) as fc.Arbitrary<Action> };
}
const action: fc.Arbitrary<Action> = fc.oneof(
  weighted(10, ['hold', 'buy'], {
    buyer: pick,
    event: pick,
    ticket: pick,
    quantity: fc.integer({ min: 1, max: 3 }),
    // Mostly none: an advance leaves insured places out, and payouts need something to pay.
    insured: fc.constantFrom(0, 0, 0, 1, 3),
    promo: fc.boolean(),
  }),
  weighted(5, ['pay'], { order: pick }),
  weighted(1, ['abandon'], { order: pick }),
  weighted(1, ['expire'], {}),
  weighted(3, ['door'], {
    event: pick,
    ticket: pick,
    quantity: fc.integer({ min: 1, max: 2 }),
    method: fc.constantFrom('cash', 'card'),
  }),
  weighted(3, ['askRefund'], { participation: pick }),
  weighted(3, ['acceptRefund'], { participation: pick }),
  weighted(1, ['refuseRefund'], { participation: pick }),
  weighted(1, ['cancel'], { event: pick }),
  weighted(2, ['runJobs'], {}),
  weighted(2, ['allowAdvance'], { percent: fc.constantFrom(0, 50, 100) }),
  weighted(1, ['endEvents'], {}),
  weighted(3, ['requestPayout'], { event: pick }),
  weighted(2, ['payoutThrough'], { event: pick, until: fc.constantFrom('download', 'batchPaid', 'returned') }),
  weighted(3, ['batch'], {}),
  weighted(3, ['download', 'batchPaid'], { batch: pick }),
  weighted(2, ['returned', 'reject'], { payout: pick }),
  weighted(1, ['adjust'], { amountCents: fc.integer({ min: -3000, max: 3000 }), withReason: fc.boolean() }),
);
export const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: action },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('together' as const), first: action, second: action }) },
);
