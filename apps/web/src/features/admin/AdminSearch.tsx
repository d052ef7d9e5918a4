import { adminFr } from '@guichet/shared';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The search box above an administration list. */
export function AdminSearch({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <TextInput
      label={adminFr.common.search}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={420}
      type="search"
    />
  );
}
