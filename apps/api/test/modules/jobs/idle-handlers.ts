import type { JobHandlers } from '../../../src/jobs/runner';

const idle = async () => {};

/**
 * A handler doing nothing for every kind of job: a test spreads it, then gives the kinds it queues
 * their own. A new kind of job fails the type check here until it is added.
 */
export const idleJobHandlers: JobHandlers = {
  mail: idle,
  refund: idle,
  ticket_refund: idle,
  event_cancellation: idle,
  wallet_push: idle,
  waiting_list_offer: idle,
  attendee_message: idle,
  webhook_event: idle,
  webhook: idle,
  resale_sell: idle,
};
