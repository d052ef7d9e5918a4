import { consoleFr } from '@guichet/shared';
import { Select } from '@mantine/core';
import { useConsoleOrganizers } from '../../api/console';

type Props = { value: string | null; onChange(organizerId: string | null): void };

/** The administrator's organiser dropdown, in the server's order (last name, then first name). */
export function OrganizerPicker({ value, onChange }: Props) {
  const organizers = useConsoleOrganizers(true);
  const data = (organizers.data ?? []).map((o) => ({ value: o.id, label: `${o.lastName} ${o.firstName}` }));
  return (
    <Select
      label={consoleFr.organizerLabel}
      placeholder={consoleFr.organizerPlaceholder}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': consoleFr.clearOrganizer }}
      error={organizers.error?.message}
      w={{ base: '100%', sm: 280 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
