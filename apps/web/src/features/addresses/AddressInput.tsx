import {
  ADDRESS_DEBOUNCE_MS,
  ADDRESS_MAX_LENGTH,
  ADDRESS_QUERY_MIN_LENGTH,
  ADDRESS_SUGGESTION_LIMIT,
  type AddressSuggestion,
} from '@guichet/shared';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useAddressSuggestions } from '../../api/addresses';

export type AddressInputProps = {
  label: string;
  value: string;
  onChange(value: string): void;
  onSelect(suggestion: AddressSuggestion): void;
  error?: string;
  required?: boolean;
  maxLength?: number;
};

/**
 * An address field with suggestions from the address service, asked after a 500 ms pause in typing
 * (2-organiser.md §9). Arrow keys move through the suggestions, Enter picks one, Escape closes them.
 */
export function AddressInput({
  label,
  value,
  onChange,
  onSelect,
  error,
  required,
  maxLength = ADDRESS_MAX_LENGTH,
}: AddressInputProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query] = useDebouncedValue(value.trim(), ADDRESS_DEBOUNCE_MS);
  const search = useAddressSuggestions(query);
  const tooShort = value.trim().length < ADDRESS_QUERY_MIN_LENGTH;
  const suggestions = tooShort ? [] : (search.data ?? []).slice(0, ADDRESS_SUGGESTION_LIMIT);

  const pick = (index: string) => {
    const suggestion = suggestions[Number(index)];
    if (!suggestion) return;
    onChange(suggestion.label);
    onSelect(suggestion);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick}>
      <Combobox.Target>
        <TextInput
          label={label}
          value={value}
          withAsterisk={required}
          error={error}
          maxLength={maxLength}
          autoComplete="off"
          rightSection={search.isFetching && !tooShort ? <Loader size="xs" /> : null}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={suggestions.length === 0}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {suggestions.map((suggestion, index) => (
            <Combobox.Option
              value={String(index)}
              key={`${suggestion.label}|${suggestion.latitude}|${suggestion.longitude}`}
            >
              <Text size="sm">{suggestion.name}</Text>
              {suggestion.name !== suggestion.city && (
                <Text size="xs" c="dimmed">
                  {suggestion.postcode} {suggestion.city}
                </Text>
              )}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
