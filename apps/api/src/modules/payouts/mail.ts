import { formatEuros, payoutsFr } from '@guichet/shared';
import type { Database } from '../../db/client';
import { queueMail } from '../../mail/outbox';

/** What became of a payout: every such news is mailed to its organiser, naming the event and the amount. */
type PayoutNews = 'requested' | 'paid' | 'cancelled' | 'dateCancelled' | 'returned' | 'rejected';

/**
 * Tells the organiser the news of their payout (or of several, summed in `amountCents`). `detail`
 * is the news's own line: the IBAN, the bank's reference, the reason or the cancelled date; an
 * event's cancellation has none.
 */
export async function queuePayoutMail(
  tx: Database,
  brandName: string,
  news: PayoutNews,
  payout: { organizerEmail: string; organizerFirstName: string; eventTitle: string; amountCents: number },
  detail = '',
): Promise<void> {
  const { mail } = payoutsFr;
  await queueMail(tx, {
    to: payout.organizerEmail,
    subject: mail[`${news}Subject`](brandName, payout.eventTitle),
    text: mail[`${news}Body`](payout.organizerFirstName, formatEuros(payout.amountCents), payout.eventTitle, detail),
  });
}
