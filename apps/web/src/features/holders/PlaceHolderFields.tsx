import { HOLDER_NAME_MAX, type PlaceHolder, ticketsFr } from '@guichet/shared';
import { Fieldset, SimpleGrid, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { type ReactNode, type Ref, useId } from 'react';

const m = ticketsFr.holders;

/** What one holder's input takes from its form: a value and its changes, or a registered field. */
export type HolderInputProps = (
  index: number,
  field: keyof PlaceHolder,
) => TextInputProps & { ref?: Ref<HTMLInputElement> };

/**
 * A first and a last name per place (named tickets, issue 30), as the booking and the sale at the
 * door ask them: one fieldset per place, the two names side by side from small tablets up and one
 * under the other on phones, where a name would not fit half the width.
 */
export function PlaceHolderFields({
  count,
  input,
  extra,
}: {
  count: number;
  input: HolderInputProps;
  /** What else the booking asks for each place (its questions), inside the place's fieldset. */
  extra?: (index: number) => ReactNode;
}) {
  const titleId = useId();
  if (count === 0) return null;
  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId}>
      <Text fw={600} id={titleId}>
        {m.title}
      </Text>
      <Text size="sm" c="dimmed">
        {m.intro}
      </Text>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the places are numbered, their order is their identity
        <Fieldset key={index} legend={m.place(index + 1)}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={m.firstName}
              withAsterisk
              autoComplete="off"
              maxLength={HOLDER_NAME_MAX}
              {...input(index, 'firstName')}
            />
            <TextInput
              label={m.lastName}
              withAsterisk
              autoComplete="off"
              maxLength={HOLDER_NAME_MAX}
              {...input(index, 'lastName')}
            />
          </SimpleGrid>
          {extra?.(index)}
        </Fieldset>
      ))}
    </Stack>
  );
}
