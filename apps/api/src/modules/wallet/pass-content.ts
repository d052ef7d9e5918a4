import type { AppDeps } from '../../app-deps';
import type { TicketViewRow } from '../ticket-codes/repository';
import { ticketCodeOf, ticketFactsOf } from '../ticket-codes/service';

/** What a wallet pass shows, whichever wallet: the ticket's facts and its signed code. */
export type WalletPassContent = ReturnType<typeof ticketFactsOf> & {
  /** The participation's id: the pass's serial number (Apple) and object suffix (Google). */
  participationId: string;
  eventId: string;
  eventTitle: string;
  dateBegin: Date;
  dateEnd: Date;
  address: string;
  /** The same signed code as the QR code of the page and the PDF. */
  code: string;
  /** Refunded or cancelled: the pass stays, marked void, so that its holder sees why. */
  isVoided: boolean;
};

export function walletPassContentOf(deps: Pick<AppDeps, 'config'>, row: TicketViewRow): WalletPassContent {
  return {
    ...ticketFactsOf(row),
    participationId: row.id,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    dateBegin: row.dateBegin,
    dateEnd: row.dateEnd,
    address: row.address,
    code: ticketCodeOf(deps, row),
    isVoided: row.cancelledAt !== null,
  };
}
