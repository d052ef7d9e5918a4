import type { Database } from '../../db/client';
import { issueMissingCreditNotes } from './credit-notes';
import * as repo from './invoice.repository';
import { type IssueOptions, issueOrderDocuments, numberTickets } from './issue';

/**
 * What is owed and no mail or job has issued yet (a mail still queued behind others, a door sale
 * without an e-mail, a crash between the payment and its mail, a refund left to the organiser):
 * numbers, invoices and credit notes, batch after batch until none is owed. Every read uses a
 * partial index of what is owed, so an idle pass costs a few index probes.
 */
export async function issueMissingDocuments(
  db: Database,
  options: IssueOptions,
  batch = 200,
  /** True once the process stops: the pass ends between two orders, the rest is another's. */
  isStopping: () => boolean = () => false,
): Promise<number> {
  let done = 0;
  // Bounded: what is locked elsewhere, or cannot be issued, is found again by the next pass.
  for (let pass = 0; pass < 50 && !isStopping(); pass++) {
    const events = await repo.findEventsWithUnnumbered(db, batch);
    for (const eventId of events) await db.transaction((tx) => numberTickets(tx, { eventId }));
    const orders = await repo.findOrdersOwingDocuments(db, batch);
    for (const orderId of orders) {
      if (isStopping()) return done;
      await issueOrderDocuments(db, orderId, options);
      done++;
    }
    done += events.length;
    if (events.length < batch && orders.length < batch) break;
  }
  if (isStopping()) return done;
  return done + (await issueMissingCreditNotes(db, options, batch));
}
