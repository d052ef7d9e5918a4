import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, answered at GET /metrics. One registry per process (a
 * Prometheus target is a process): counters are incremented where the event happens, gauges that
 * need the database are read at scrape time by the metrics plugin.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'guichet_' });
// Node's defaults hold three gauges named `…_total`, which Prometheus keeps for counters
// (`promtool check metrics` refuses them). Each is the sum of the gauge by type beside it
// (`sum(guichet_nodejs_active_handles)`), so they are dropped rather than renamed
// (docs/decisions.md, issue 26).
for (const name of ['active_handles_total', 'active_requests_total', 'active_resources_total']) {
  metricsRegistry.removeSingleMetric(`guichet_nodejs_${name}`);
}

export const httpDuration = new Histogram({
  name: 'guichet_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern (never the raw URL: ids would explode the series)',
  labelNames: ['method', 'route', 'status'] as const,
  // From a cached listing (~1 ms) to a payment start that calls a provider (~1 s).
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

/** How many holds each statement carried: 1 on a quiet sale, more in a rush (group commit). */
export const holdBatchSize = new Histogram({
  name: 'guichet_hold_batch_size',
  help: 'Holds combined in one statement',
  buckets: [1, 2, 4, 8, 16, 32],
  registers: [metricsRegistry],
});

/** Batches of holds that failed as a whole, their holds then made one by one (deadlock, bad request). */
export const holdBatchFailures = new Counter({
  name: 'guichet_hold_batch_failures_total',
  help: 'Batches of holds run again one by one',
  labelNames: ['size', 'reason'] as const,
  registers: [metricsRegistry],
});

/** How many payments of held orders each settlement statement carried (group commit). */
export const settlementBatchSize = new Histogram({
  name: 'guichet_settlement_batch_size',
  help: 'Payments of held orders settled in one statement',
  buckets: [1, 2, 4, 8, 16, 32],
  registers: [metricsRegistry],
});

/** Batches of settlements that failed as a whole, each then settled alone (deadlock, bad request). */
export const settlementBatchFailures = new Counter({
  name: 'guichet_settlement_batch_failures_total',
  help: 'Batches of settlements run again one by one',
  labelNames: ['size', 'reason'] as const,
  registers: [metricsRegistry],
});

/** How many one-scan requests of the doors each statement carried (group commit). */
export const scanGroupSize = new Histogram({
  name: 'guichet_scan_group_size',
  help: 'One-scan requests of the doors recorded in one statement',
  buckets: [1, 2, 4, 8, 16],
  registers: [metricsRegistry],
});

/** Groups of the doors' one-scan requests that failed as a whole, each then recorded alone (deadlock, a scan id reused). */
export const scanGroupFailures = new Counter({
  name: 'guichet_scan_group_failures_total',
  help: 'Groups of scan requests recorded again one by one',
  labelNames: ['size', 'reason'] as const,
  registers: [metricsRegistry],
});

export const holdsPlaced = new Counter({
  name: 'guichet_holds_total',
  help: 'Places held for 180 s by paid orders',
  registers: [metricsRegistry],
});

export const soldOutRefusals = new Counter({
  name: 'guichet_sold_out_refusals_total',
  help: 'Orders refused because no place was left',
  registers: [metricsRegistry],
});

export const paymentOutcomes = new Counter({
  name: 'guichet_payments_total',
  help: "Payment verdicts applied to orders, by provider and outcome ('paid', 'released', 'refund_needed' ...)",
  labelNames: ['provider', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const outboxDepth = new Gauge({
  name: 'guichet_jobs_pending',
  help: 'Background jobs (mail, refunds, cancellations) waiting to run, by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const poolConnections = new Gauge({
  name: 'guichet_db_pool_connections',
  help: "The PostgreSQL pool's connections: total, idle, and requests waiting for one",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});

export const availabilityStreams = new Gauge({
  name: 'guichet_availability_streams',
  help: 'Readers following an event live (Server-Sent Events) in this process',
  registers: [metricsRegistry],
});

export const availabilityReads = new Counter({
  name: 'guichet_availability_reads_total',
  help: "Reads of an event's places for its live readers: one per change, whatever their number",
  registers: [metricsRegistry],
});

export const availabilityDropped = new Counter({
  name: 'guichet_availability_dropped_total',
  help: 'Live readers cut off because they stopped reading',
  registers: [metricsRegistry],
});

/** The event list's, search's and event page's reads, by the database that answered them. */
export const replicaReads = new Counter({
  name: 'guichet_db_reads_total',
  help: 'Reads that may go to the read replica (list, search, event page), by where they went: replica or primary',
  labelNames: ['source'] as const,
  registers: [metricsRegistry],
});

export const replicaLag = new Gauge({
  name: 'guichet_db_replica_lag_seconds',
  help: "The read replica's lag behind the primary at its last measure; -1 when unknown (unreachable, not a replica)",
  registers: [metricsRegistry],
});
