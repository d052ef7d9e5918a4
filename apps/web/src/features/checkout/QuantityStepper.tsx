import { checkoutStepsFr } from '@guichet/shared';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useId } from 'react';

const t = checkoutStepsFr.tickets;

/** The ticket count: labelled buttons around a value read out when it changes. */
export function QuantityStepper({
  title,
  value,
  min,
  max,
  onChange,
}: {
  title: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Group gap="sm" role="group" aria-labelledby={labelId} wrap="nowrap">
        <Text id={labelId} size="sm" fw={500} style={{ flex: 1 }}>
          {t.quantity}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t.decrease(title)}
          disabled={value <= 0}
          onClick={() => onChange(value - 1)}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <Text aria-live="polite" miw={72} ta="center" fw={600}>
          {t.quantityValue(value)}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t.increase(title)}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed">
        {t.limits(min, max)}
      </Text>
    </Stack>
  );
}
