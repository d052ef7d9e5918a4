import { adminFr, formatEuros } from '@guichet/shared';
import { Text, type TextProps } from '@mantine/core';

/** An organiser's balance: below 0 it is what they owe, said in words and in the error colour. */
export function BalanceFigure({ cents, ...props }: { cents: number } & TextProps) {
  if (cents < 0) {
    return (
      <Text span c="var(--mantine-color-error)" fw={600} style={{ whiteSpace: 'nowrap' }} {...props}>
        {adminFr.users.owes(formatEuros(-cents))}
      </Text>
    );
  }
  return (
    <Text span style={{ whiteSpace: 'nowrap' }} {...props}>
      {formatEuros(cents)}
    </Text>
  );
}
