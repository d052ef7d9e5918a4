import {
  type BillingIdentity,
  type BillingIdentityRequest,
  billingFr,
  DEFAULT_COUNTRY,
  firstBillingIdentityError,
  formatDate,
  type VatRegime,
} from '@guichet/shared';
import { Alert, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useBillingIdentity, useSaveBillingIdentity } from '../../api/billing';
import { ApiError } from '../../api/client';
import { FormActions } from '../../ui/FormActions';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { SettingsSection } from '../account/settings/SettingsSection';
import { AddressInput } from '../addresses/AddressInput';

const m = billingFr;

/** Where the console's notice and the gate's message send the organiser: /parameters#facturation. */
export const BILLING_SECTION_ID = 'facturation';

const valuesOf = (identity: BillingIdentity | null): BillingIdentityRequest => ({
  legalName: identity?.legalName ?? '',
  street: identity?.street ?? '',
  postcode: identity?.postcode ?? '',
  city: identity?.city ?? '',
  country: identity?.country ?? DEFAULT_COUNTRY,
  registrationNumber: identity?.siret ?? identity?.siren ?? identity?.rna ?? '',
  vatRegime: identity?.vatRegime ?? 'vat',
  vatNumber: identity?.vatNumber ?? '',
});

/** The settings' 'Facturation' section: the identity the invoices issued in the organiser's name print. */
export function BillingIdentitySettings() {
  const state = useBillingIdentity();
  const anchor = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const ready = Boolean(state.data);
  useEffect(() => {
    // The section appears once its data is in: only then can a link to it scroll there.
    if (ready && hash === `#${BILLING_SECTION_ID}`) anchor.current?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);

  return (
    <div id={BILLING_SECTION_ID} ref={anchor} style={{ scrollMarginTop: 'var(--mantine-spacing-xl)' }}>
      <SettingsSection title={m.section}>
        <Text c="dimmed">{m.intro}</Text>
        {state.data ? (
          <>
            {!state.data.identity && state.data.dueAt && (
              <Alert color="orange" role="status" title={m.gate.noticeTitle}>
                {m.gate.noticeDue(formatDate(state.data.dueAt))}
              </Alert>
            )}
            <BillingIdentityForm key={state.data.identity?.updatedAt ?? 'new'} initial={state.data.identity} />
          </>
        ) : (
          <QueryState query={state} />
        )}
      </SettingsSection>
    </div>
  );
}

function BillingIdentityForm({ initial }: { initial: BillingIdentity | null }) {
  const save = useSaveBillingIdentity();
  const [values, setValues] = useState<BillingIdentityRequest>(valuesOf(initial));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const set = (change: Partial<BillingIdentityRequest>) => setValues((current) => ({ ...current, ...change }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const invalid = firstBillingIdentityError(values);
    setFieldError(invalid);
    if (invalid) {
      document.getElementsByName(invalid.field)[0]?.focus();
      return;
    }
    save.mutate(values, {
      onSuccess: () => toast(m.saved),
      onError: (failure) =>
        setFieldError({
          field: failure instanceof ApiError && failure.field ? failure.field : '',
          message: failure.message,
        }),
    });
  };
  const errorOf = (field: keyof BillingIdentityRequest) =>
    fieldError?.field === field ? fieldError.message : undefined;
  const formError = fieldError && !(fieldError.field in values) ? fieldError.message : null;

  return (
    <form onSubmit={submit} noValidate aria-label={m.section}>
      <Stack gap="sm">
        <TextInput
          name="legalName"
          label={m.legalName}
          autoComplete="organization"
          value={values.legalName}
          onChange={(e) => set({ legalName: e.currentTarget.value })}
          error={errorOf('legalName')}
          withAsterisk
        />
        <AddressInput
          label={m.street}
          required
          value={values.street}
          error={errorOf('street')}
          onChange={(street) => set({ street })}
          onSelect={(suggestion) =>
            set({
              street: suggestion.name,
              postcode: suggestion.postcode,
              city: suggestion.city,
              country: DEFAULT_COUNTRY,
            })
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            name="postcode"
            label={m.postcode}
            autoComplete="postal-code"
            value={values.postcode}
            onChange={(e) => set({ postcode: e.currentTarget.value })}
            error={errorOf('postcode')}
            withAsterisk
          />
          <TextInput
            name="city"
            label={m.city}
            autoComplete="address-level2"
            value={values.city}
            onChange={(e) => set({ city: e.currentTarget.value })}
            error={errorOf('city')}
            withAsterisk
          />
          <TextInput
            name="country"
            label={m.country}
            autoComplete="country-name"
            value={values.country}
            onChange={(e) => set({ country: e.currentTarget.value })}
            error={errorOf('country')}
            withAsterisk
          />
        </SimpleGrid>
        <TextInput
          name="registrationNumber"
          label={m.registrationNumber}
          description={m.registrationHelp}
          value={values.registrationNumber}
          onChange={(e) => set({ registrationNumber: e.currentTarget.value })}
          error={errorOf('registrationNumber')}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          withAsterisk
        />
        <Radio.Group
          label={m.vatRegime}
          value={values.vatRegime}
          onChange={(value) => set({ vatRegime: value as VatRegime })}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            <Radio value="vat" label={m.vatRegimes.vat} />
            <Radio value="franchise" label={m.vatRegimes.franchise} description={m.franchiseMention} />
          </Stack>
        </Radio.Group>
        {values.vatRegime === 'vat' && (
          <TextInput
            name="vatNumber"
            label={m.vatNumber}
            description={m.vatNumberHelp}
            value={values.vatNumber}
            onChange={(e) => set({ vatNumber: e.currentTarget.value })}
            error={errorOf('vatNumber')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            withAsterisk
          />
        )}
        {initial && (
          <Text size="sm" c="dimmed">
            {m.updatedAt(formatDate(initial.updatedAt))}
          </Text>
        )}
        <FormActions error={formError} submitLabel={m.save} pending={save.isPending} variant="light" />
      </Stack>
    </form>
  );
}
