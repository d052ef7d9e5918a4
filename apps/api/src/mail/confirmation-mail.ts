import { checkoutFr, formatEuros, invoicesFr } from '@guichet/shared';
import type { MailAttachmentRef } from '../db/schema';
import { ticketQrCid } from './attachments';
import type { OutgoingMail } from './outbox';

const m = checkoutFr.confirmationMail;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type ConfirmationMailInput = {
  to: string;
  brandName: string;
  firstName: string;
  eventTitle: string;
  reference: string;
  ticketsUrl: string;
  participationIds: string[];
};

/**
 * The buyer's confirmation: the text body, an HTML body showing each ticket's QR code inline,
 * the order's places in one PDF (a page each, issue 30: one file to print rather than one per
 * place) and each place's QR code as a file.
 */
export function confirmationMail(input: ConfirmationMailInput): OutgoingMail {
  const text = m.body(input.firstName, input.eventTitle, input.reference, input.ticketsUrl);
  return {
    to: input.to,
    subject: m.subject(input.brandName, input.eventTitle),
    text,
    html: confirmationHtml(text, input),
    attachments: [
      { kind: 'tickets-pdf', participationIds: input.participationIds },
      ...input.participationIds.map((participationId): MailAttachmentRef => ({ kind: 'ticket-qr', participationId })),
    ],
  };
}

function confirmationHtml(text: string, input: ConfirmationMailInput): string {
  const link = escapeHtml(input.ticketsUrl);
  const anchor = `<a href="${link}">${link}</a>`;
  // A replacer function: in a replacement string, a `$'` of the address would be a pattern.
  const paragraphs = text
    .split('\n\n')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(link, () => anchor)}</p>`);
  const count = input.participationIds.length;
  const codes = input.participationIds.map(
    (id, index) =>
      `<p><img src="cid:${ticketQrCid(id)}" alt="${escapeHtml(m.qrAlt(index + 1, count))}" width="200" height="200"></p>`,
  );
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"></head><body>${[
    ...paragraphs,
    ...codes,
    `<p>${escapeHtml(m.attached(count))}</p>`,
  ].join('')}</body></html>`;
}

type PaidLine = { quantity: number; label: string; inclVatCents: number };

/**
 * What the confirmation adds once the order's invoices are issued: what was paid, line by line
 * as invoiced, and that the invoices are attached. Appended to both parts of the queued mail.
 */
export function withPaidSummary(
  mail: { text: string; html: string | null },
  paid: { lines: PaidLine[]; invoiceCount: number },
): { text: string; html: string | null } {
  const i = invoicesFr.mail;
  const total = paid.lines.reduce((sum, line) => sum + line.inclVatCents, 0);
  const lines = paid.lines.map((line) => i.line(line.quantity, line.label, formatEuros(line.inclVatCents)));
  return withParagraphs(mail, [[i.paid, ...lines, i.total(formatEuros(total))], [i.attached(paid.invoiceCount)]]);
}

/** Paragraphs (each its lines) appended to both parts of a queued mail. */
export function withParagraphs(
  mail: { text: string; html: string | null },
  paragraphs: string[][],
): { text: string; html: string | null } {
  const text = `${mail.text}\n\n${paragraphs.map((lines) => lines.join('\n')).join('\n\n')}`;
  const html = mail.html?.replace(
    '</body>',
    () => `${paragraphs.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`).join('')}</body>`,
  );
  return { text, html: html ?? null };
}
