import { eventDatesFr } from '@guichet/shared';
import { NumberInput, Textarea } from '@mantine/core';

const m = eventDatesFr.console;

/** A date's capacity, every ticket together: empty, only the tickets' quantities bound it. */
export function CapacityInput({
  value,
  onChange,
}: {
  value: string | number;
  onChange: (value: string | number) => void;
}) {
  return (
    <NumberInput
      label={m.fields.capacity}
      description={m.fields.capacityHint}
      value={value}
      onChange={onChange}
      min={1}
      max={1_000_000}
      allowDecimal={false}
      allowNegative={false}
    />
  );
}

/** The organiser's word to the holders of a date moved or cancelled. */
export function MessageInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Textarea
      label={m.fields.message}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={2000}
      autosize
      minRows={3}
    />
  );
}
