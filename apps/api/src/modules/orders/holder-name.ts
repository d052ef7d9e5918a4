type NameParts = { firstName: string | null; lastName: string | null };

const joined = ({ firstName, lastName }: NameParts) =>
  [firstName, lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/**
 * The name on a ticket: the buyer's as typed on the order, else (no order, or an order without a
 * name) the account's; a single part typed stands alone. The rule of guichet_holder_name
 * (orders/sql), which the queries use.
 */
export function holderName(buyer: NameParts | null | undefined, account: NameParts): string {
  return (buyer && joined(buyer)) || joined(account);
}
