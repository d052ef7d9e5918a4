import { invoicesFr, splitVat } from '@guichet/shared';
import type { Database } from '../../db/client';
import type { MailAttachmentRef } from '../../db/schema';
import { completeQueuedMail } from '../../mail/outbox';
import * as credits from './credit-note.repository';
import type { InvoiceDocument, InvoiceLine } from './document';
import * as repo from './invoice.repository';
import { type IssueOptions, issueOrderDocuments, totalsOf } from './issue';
import { invoiceNumber, takeNumbers } from './numbering';

/**
 * What a credit note gives back of an invoice: all of it, some places of its tickets (at the
 * invoice's price, or at what was refunded of them: a resale keeps the organiser's fee), or all
 * but the places the holders' own requests refund (each of those has its credit note), with the
 * fees resales kept.
 */
type Credited =
  | { kind: 'all' }
  | { kind: 'places'; ticketId: string; places: number; refundedCents?: number }
  | { kind: 'rest'; orderId: string };

/** What a refund gives back, as credit notes: the organiser's part and the platform's. */
type CreditSource = {
  key: string;
  orderId: string;
  organizer: Credited | null;
  platform: Credited | null;
  owed: { refundId: string } | { captureId: string };
};

/** A line given back whole: its amounts negative. */
export const negated = (line: InvoiceLine): InvoiceLine => ({
  ...line,
  exclVatCents: -line.exclVatCents,
  vatCents: -line.vatCents,
  inclVatCents: -line.inclVatCents,
});

/** Some places of an invoice's line, at its unit price and rate, given back. */
function partOf(line: InvoiceLine, quantity: number): InvoiceLine {
  if (quantity >= line.quantity) return negated(line);
  return negated({ ...line, quantity, ...splitVat(line.unitInclVatCents * quantity, line.vatRate) });
}

/**
 * Some places of an invoice's line given back for less than they cost (a resale's price less the
 * organiser's fee), at the line's rate: what is not given back stays invoiced, at the same rate.
 */
function refundedPartOf(line: InvoiceLine, quantity: number, refundedCents: number): InvoiceLine {
  const places = Math.min(quantity, line.quantity);
  if (refundedCents === line.unitInclVatCents * places) return partOf(line, places);
  // Always one place for a resale; more would carry the amount as one unit rather than round it.
  const [count, unit] = refundedCents % places === 0 ? [places, refundedCents / places] : [1, refundedCents];
  return negated({
    ...line,
    quantity: count,
    unitInclVatCents: unit,
    ...splitVat(refundedCents, line.vatRate),
  });
}

async function creditedLines(tx: Database, invoice: InvoiceDocument, credited: Credited): Promise<InvoiceLine[]> {
  if (credited.kind === 'all') return invoice.lines.map(negated);
  if (credited.kind === 'places') {
    const lines = invoice.lines.filter((line) => line.ticketId === credited.ticketId && credited.places > 0);
    const { refundedCents } = credited;
    if (refundedCents === undefined) return lines.map((line) => partOf(line, credited.places));
    // An amount given back is credited once, on the ticket's first line.
    return lines.slice(0, 1).map((line) => refundedPartOf(line, credited.places, refundedCents));
  }
  const requested = await credits.findRequestedPlaces(tx, credited.orderId);
  const rest = invoice.lines.flatMap((line) => {
    const left = line.quantity - (line.ticketId ? (requested.get(line.ticketId) ?? 0) : 0);
    return left > 0 ? [partOf(line, left)] : [];
  });
  // The fees resales kept stayed invoiced to their sellers; the cancellation gives them back.
  const kept = await credits.findResaleFeesKept(tx, credited.orderId);
  const fees = [...kept].flatMap(([ticketId, fee]) => {
    const line = invoice.lines.find((candidate) => candidate.ticketId === ticketId);
    return line ? [refundedPartOf(line, fee.places, fee.cents)] : [];
  });
  return [...rest, ...fees];
}

/**
 * Issues a refund's credit notes, once each: in the series of the invoice each corrects, citing
 * it, with negative amounts at the invoice's unit prices and rates. The order's invoices are
 * issued first if they were not yet. Its own transaction, under the order's lock like the
 * issuing of its invoices, so that two callers at once give one credit note.
 */
async function issueCreditNotes(db: Database, source: CreditSource, options: IssueOptions): Promise<void> {
  if (await credits.orderDocumentsOwed(db, source.orderId)) await issueOrderDocuments(db, source.orderId, options);
  await db.transaction(async (tx) => {
    if (!(await repo.lockOrder(tx, source.orderId))) return;
    for (const issuer of ['organizer', 'platform'] as const) {
      const credited = source[issuer];
      const sourceKey = `${source.key}:${issuer}`;
      if (!credited || (await repo.invoiceIssued(tx, sourceKey)).length > 0) continue;
      const invoice = await repo.findStandingInvoice(tx, source.orderId, issuer);
      if (!invoice) continue;
      const lines = await creditedLines(tx, invoice.document, credited);
      if (lines.length === 0) continue;
      const seq = await takeNumbers(tx, invoice.series, 1);
      const document: InvoiceDocument = {
        ...invoice.document,
        kind: 'credit-note',
        number: invoiceNumber(issuer, seq),
        issuedAt: new Date().toISOString(),
        corrects: invoice.number,
        ...totalsOf(lines),
      };
      await repo.insertInvoice(tx, document, {
        series: invoice.series,
        seq,
        orderId: source.orderId,
        organizerId: invoice.organizerId,
        correctsId: invoice.id,
        sourceKey,
      });
    }
    // Also when nothing was invoiced to correct (an order paid before invoices existed).
    await credits.markCreditNotesIssued(tx, source.owed);
  });
}

/**
 * The credit notes of a refund carried out (refunded, or left to the organiser at the door): an
 * accepted request gives back some places of the organiser's invoice (the fee and the refund
 * option are kept); a cancellation gives back the rest of both invoices.
 */
export async function issueRefundCreditNotes(db: Database, refundId: string, options: IssueOptions): Promise<void> {
  const refund = await credits.findRefundToCredit(db, refundId);
  if (!refund || !['refunded', 'manual'].includes(refund.status)) return;
  const owed = { refundId: refund.id };
  const key = `refund:${refund.id}`;
  if (
    !refund.orderId ||
    refund.amountCents === 0 ||
    (refund.cause !== 'cancellation' && (!refund.ticketId || refund.isGift))
  ) {
    // Nothing paid was given back: no credit note is owed.
    await credits.markCreditNotesIssued(db, owed);
    return;
  }
  const { orderId } = refund;
  if (refund.cause === 'cancellation') {
    const rest = { kind: 'rest', orderId } as const;
    await issueCreditNotes(db, { key, orderId, organizer: rest, platform: { kind: 'all' }, owed }, options);
    return;
  }
  // What a refund gives back for less than the places cost stays invoiced: a resale refunds the
  // seller the price less the organiser's fee, a date's refund a pass's share of it (issue 32).
  const partial = refund.cause === 'resale' || refund.cause === 'date_cancelled' || refund.cause === 'date_moved';
  const places = {
    kind: 'places',
    ticketId: refund.ticketId ?? '',
    places: refund.places,
    ...(partial && { refundedCents: refund.amountCents }),
  } as const;
  await issueCreditNotes(db, { key, orderId, organizer: places, platform: null, owed }, options);
}

/** A late payment given back whole (its places were gone): both invoices are cancelled. */
export async function issueLateCaptureCreditNotes(
  db: Database,
  capture: { id: string } | { provider: string; transactionId: string },
  options: IssueOptions,
): Promise<void> {
  const found = await credits.findRefundedLateCapture(db, capture);
  if (!found) return;
  const all = { kind: 'all' } as const;
  await issueCreditNotes(
    db,
    {
      key: `capture:${found.id}`,
      orderId: found.orderId,
      organizer: all,
      platform: all,
      owed: { captureId: found.id },
    },
    options,
  );
}

/** The credit notes of every refund of an event carried out so far (a cancellation's run). */
export async function issueEventCreditNotes(db: Database, eventId: string, options: IssueOptions): Promise<void> {
  const seen = new Set<string>();
  for (;;) {
    // Each is marked once issued; one seen again (issued meanwhile by another) ends the run.
    const refunds = (await credits.findRefundsOwingCreditNotes(db, 100, eventId)).filter((id) => !seen.has(id));
    for (const refundId of refunds) {
      seen.add(refundId);
      await issueRefundCreditNotes(db, refundId, options);
    }
    if (refunds.length === 0) return;
  }
}

/** What the issuing after each refund missed: its credit notes, a batch at a time. */
export async function issueMissingCreditNotes(db: Database, options: IssueOptions, limit: number): Promise<number> {
  const refunds = await credits.findRefundsOwingCreditNotes(db, limit);
  for (const refundId of refunds) await issueRefundCreditNotes(db, refundId, options);
  const captures = await credits.findLateCapturesOwingCreditNotes(db, limit);
  for (const id of captures) await issueLateCaptureCreditNotes(db, { id }, options);
  return refunds.length + captures.length;
}

/**
 * A refund mail's credit notes, issued before it goes (in the mail's job, after the refund's own
 * transaction) and carried as files in their stead, with a line that says so.
 */
export async function attachCreditNotesOfMail(
  db: Database,
  mail: { id: string; text: string; html: string | null; attachments: MailAttachmentRef[] | null },
  options: IssueOptions,
): Promise<void> {
  const refs = mail.attachments ?? [];
  const refundIds = refs.flatMap((ref) => (ref.kind === 'credit-notes' ? [ref.refundId] : []));
  if (refundIds.length === 0) return;
  // Should issuing fail, the mail goes without them (the job and the periodic issuing try again).
  let failure: unknown;
  for (const refundId of refundIds) {
    await issueRefundCreditNotes(db, refundId, options).catch((error: unknown) => {
      failure ??= error;
    });
  }
  const issued = await credits.findCreditNotesOfRefunds(db, refundIds);
  const attached = issued.length > 0 ? `\n\n${invoicesFr.creditNotes.attached(issued.length)}` : '';
  await completeQueuedMail(db, mail.id, {
    text: `${mail.text}${attached}`,
    // Refund mails are plain text.
    html: mail.html,
    attachments: [
      ...refs.filter((ref) => ref.kind !== 'credit-notes'),
      ...issued.map((invoiceId) => ({ kind: 'invoice' as const, invoiceId })),
    ],
  });
  if (failure) throw failure;
}
