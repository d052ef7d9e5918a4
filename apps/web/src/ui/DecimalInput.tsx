import { NumberInput } from '@mantine/core';
import type { ComponentProps } from 'react';

/** An amount or a rate typed the French way: a comma, two decimals, never below zero. */
export function DecimalInput(props: ComponentProps<typeof NumberInput>) {
  return <NumberInput min={0} decimalScale={2} decimalSeparator="," allowNegative={false} {...props} />;
}
