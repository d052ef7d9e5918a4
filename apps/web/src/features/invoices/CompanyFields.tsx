import { COMPANY_ADDRESS_MAX, COMPANY_NAME_MAX, invoicesFr } from '@guichet/shared';
import { Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

const m = invoicesFr.company;

export type CompanyField = 'name' | 'address' | 'siren' | 'vatNumber';

/**
 * The company an order's invoices are made out to, as the checkout and the order's dialog ask it:
 * each field labelled, its error said under it (Mantine ties it to the field).
 */
export function CompanyFields({
  field,
}: {
  field: (name: CompanyField) => UseFormRegisterReturn & { error?: string };
}) {
  return (
    <Stack gap="sm">
      <TextInput
        label={m.name}
        withAsterisk
        autoComplete="organization"
        maxLength={COMPANY_NAME_MAX}
        {...field('name')}
      />
      <Textarea
        label={m.address}
        description={m.addressHelp}
        withAsterisk
        autosize
        minRows={2}
        maxRows={4}
        autoComplete="street-address"
        maxLength={COMPANY_ADDRESS_MAX}
        {...field('address')}
      />
      <TextInput
        label={m.siren}
        withAsterisk
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        {...field('siren')}
      />
      <TextInput label={m.vatNumber} autoComplete="off" maxLength={20} {...field('vatNumber')} />
    </Stack>
  );
}
