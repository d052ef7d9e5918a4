import { checkoutStepsFr, formatDateTime, formatEuros } from '@guichet/shared';
import { Checkbox, NativeSelect, Stack, Text } from '@mantine/core';

const t = checkoutStepsFr.tickets;

/**
 * The refund option (1-attendee.md §9): a price per place, places from 1 to the ticket count;
 * when the event makes it mandatory it is ticked and follows the ticket count, locked.
 */
export function RefundOption({
  perPlaceCents,
  quantity,
  refund,
  dateMaxRefund,
  onToggle,
  onPlaces,
}: {
  perPlaceCents: number;
  quantity: number;
  refund: { enabled: boolean; places: number; locked: boolean };
  dateMaxRefund: string | null;
  onToggle: (enabled: boolean) => void;
  onPlaces: (places: number) => void;
}) {
  const choices = Array.from({ length: quantity }, (_, i) => String(i + 1));
  return (
    <Stack gap="xs">
      <Checkbox
        label={t.refundOption(formatEuros(perPlaceCents))}
        checked={refund.enabled}
        disabled={refund.locked}
        onChange={(event) => onToggle(event.currentTarget.checked)}
      />
      {refund.locked && (
        <Text size="sm" c="dimmed">
          {t.refundMandatory}
        </Text>
      )}
      {refund.enabled && !refund.locked && (
        <NativeSelect
          label={t.refundPlaces}
          data={choices}
          value={String(refund.places)}
          onChange={(event) => onPlaces(Number(event.currentTarget.value))}
        />
      )}
      {dateMaxRefund && (
        <Text size="xs" c="dimmed">
          {t.refundUntil(formatDateTime(dateMaxRefund))}
        </Text>
      )}
    </Stack>
  );
}
