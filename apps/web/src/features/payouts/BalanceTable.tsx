import { type EventPayouts, formatEuros, invoicesFr, payoutsFr } from '@guichet/shared';
import { Alert, Table, Text } from '@mantine/core';
import classes from './Payout.module.css';
import type { PayoutState } from './payout-state';

const m = payoutsFr.payout;
const owedColor = 'var(--mantine-color-error)';

/**
 * The event's balance as a statement: its lines, then what is available or, below 0, what the
 * organiser owes; then their balance over all their events when it differs, and the commission's
 * VAT the next payout will deduct with its invoice.
 */
export function BalanceTable({ balance, state }: { balance: EventPayouts['balance']; state: PayoutState }) {
  const isOwed = state.owedCents > 0;
  return (
    <>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Line label={m.sales} cents={balance.salesCents} />
          <Line label={m.commission} cents={balance.commissionCents} isDeducted />
          {balance.commissionVatCents > 0 && (
            <Line label={m.commissionVat} cents={balance.commissionVatCents} isDeducted />
          )}
          <Line label={m.refunds} cents={balance.refundsCents} isDeducted />
          <Line label={m.payouts} cents={balance.payoutsCents} isDeducted />
          {balance.debtsCents !== 0 && (
            <Line label={state.isTheirs ? m.debtsTheirs : m.debts} cents={-balance.debtsCents} isDeducted />
          )}
          <Table.Tr className={classes.total}>
            <Table.Th scope="row" c={isOwed ? owedColor : undefined}>
              {isOwed ? m.owed : m.available}
            </Table.Th>
            <Table.Td ta="right" fw={700} c={isOwed ? owedColor : undefined} className={classes.amount}>
              <span data-testid="available">{formatEuros(isOwed ? state.owedCents : balance.availableCents)}</span>
            </Table.Td>
          </Table.Tr>
          {state.organizerBalance && (
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {state.organizerBalance.label}
              </Table.Th>
              <Table.Td
                ta="right"
                c={state.organizerBalance.isOwed ? owedColor : undefined}
                className={classes.amount}
                data-testid="organizer-balance"
              >
                {state.organizerBalance.amount}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {balance.commissionVatDueCents > 0 && (
        <Text size="xs" c="dimmed" data-testid="commission-vat-due">
          {invoicesFr.commission.vatDue(formatEuros(balance.commissionVatDueCents))}
        </Text>
      )}
      {state.debtNote && (
        <Alert variant="light" color="orange" role="note" p="xs">
          {state.debtNote}
        </Alert>
      )}
    </>
  );
}

/**
 * A line of the balance; what is taken off is shown with a minus sign, unless it is nothing. A
 * deduction below 0 adds to the balance (a debt of this event paid back by another event's
 * payout): it is shown with a plus sign, never as '− -0,66 €'.
 */
function Line({ label, cents, isDeducted }: { label: string; cents: number; isDeducted?: boolean }) {
  const shown =
    !isDeducted || cents === 0 ? formatEuros(cents) : `${cents > 0 ? '\u2212' : '+'} ${formatEuros(Math.abs(cents))}`;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" className={classes.amount}>
        {shown}
      </Table.Td>
    </Table.Tr>
  );
}
