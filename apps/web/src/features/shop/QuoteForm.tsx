import {
  type AddressSuggestion,
  clampPhone,
  QUOTE_LIMITS,
  type QuoteField,
  quoteFields,
  showcaseFr,
} from '@guichet/shared';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useSession } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useMeta } from '../../api/meta';
import { useSendQuote } from '../../api/shop';
import { toast } from '../../ui/toast';
import { AddressInput } from '../addresses/AddressInput';
import { type CartLine, clearCart } from './cart-store';
import { QuoteEstimate } from './QuoteEstimate';
import {
  emptyQuote,
  errorAt,
  type QuoteContext,
  type QuoteValues,
  quoteResolver,
  requestOf,
} from './quote-form-values';

const m = showcaseFr.quote;

/**
 * The quote request under the cart (§2, §5): every check of the spec, in its order, listed in one
 * banner on submit; after that, a field is checked again as it changes, so that a corrected
 * field loses its error at once.
 */
export function QuoteForm({ lines }: { lines: CartLine[] }) {
  const { brandName } = useMeta();
  const send = useSendQuote();
  const form = useForm<QuoteValues, QuoteContext>({
    defaultValues: emptyQuote,
    resolver: quoteResolver,
    context: { lines, brandName },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The banner takes the focus, not the first field: a screen reader reads the whole list at once.
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [sent, setSent] = useState(false);
  const banner = useRef<HTMLDivElement>(null);
  // A logged-in visitor's address is offered; the form needs no account.
  const sessionEmail = useSession().data?.email;
  useEffect(() => {
    if (sessionEmail && !form.getValues('email')) form.setValue('email', sessionEmail);
  }, [sessionEmail, form]);
  const partner = form.watch('partner');
  const errorOf = (field: QuoteField) => errorAt(errors, field);
  // A field the form registers: its message from the list above, then react-hook-form's binding.
  const bound = (field: QuoteField & Path<QuoteValues>) => ({ error: errorOf(field), ...form.register(field) });
  const listed = quoteFields.flatMap((field) => {
    const message = errorOf(field);
    return message ? [{ field, message }] : [];
  });
  const focusBanner = () => requestAnimationFrame(() => banner.current?.focus());

  const submit = form.handleSubmit((values) => {
    setSent(false);
    send.mutate(requestOf(values, lines), {
      onSuccess: () => {
        clearCart();
        form.reset(emptyQuote);
        setSent(true);
        toast(m.sent);
      },
      onError: (failure) => {
        // Under its field when the form has one; in the banner otherwise (a cart line the shop dropped).
        const field = (failure instanceof ApiError ? failure.field : undefined) as QuoteField | undefined;
        const own = field && field !== 'lines' && quoteFields.includes(field) ? field : 'root';
        form.setError(own, { message: failure.message });
        focusBanner();
      },
    });
  }, focusBanner);
  const rootError = errors.root?.message;

  const placeFields = (which: 'billing' | 'delivery') => (
    <Stack gap="sm">
      <Controller
        control={form.control}
        name={`${which}.address`}
        render={({ field }) => (
          <AddressInput
            label={m.address}
            required
            value={field.value}
            maxLength={QUOTE_LIMITS.address}
            error={errorOf(`${which}.address`)}
            onChange={field.onChange}
            onSelect={(suggestion: AddressSuggestion) => {
              const revalidate = { shouldValidate: form.formState.isSubmitted };
              field.onChange(suggestion.name);
              form.setValue(`${which}.postcode`, suggestion.postcode, revalidate);
              form.setValue(`${which}.city`, suggestion.city, revalidate);
            }}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={m.postcode}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          maxLength={QUOTE_LIMITS.postcode}
          {...bound(`${which}.postcode`)}
        />
        <TextInput
          label={m.city}
          withAsterisk
          autoComplete="off"
          maxLength={QUOTE_LIMITS.city}
          {...bound(`${which}.city`)}
        />
      </SimpleGrid>
    </Stack>
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="quote-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="quote-title">
            {m.title}
          </Title>
          <Text c="dimmed">{m.intro}</Text>
        </div>
        {sent && (
          <Alert color="teal" role="status">
            {m.sent}
          </Alert>
        )}
        {(listed.length > 0 || rootError) && (
          <Alert color="red" title={m.errorTitle} ref={banner} tabIndex={-1} role="alert" data-testid="quote-errors">
            <List size="sm">
              {listed.map((error) => (
                <List.Item key={error.field}>{error.message}</List.Item>
              ))}
              {rootError && <List.Item>{rootError}</List.Item>}
            </List>
          </Alert>
        )}
        <Controller
          control={form.control}
          name="partner"
          render={({ field }) => (
            <Radio.Group
              label={m.partnerQuestion(brandName)}
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              error={errorOf('partner')}
              description={m.partnerDiscount}
            >
              <Group mt="xs">
                <Radio value="oui" label={m.yes} />
                <Radio value="non" label={m.no} />
              </Group>
            </Radio.Group>
          )}
        />
        {partner !== '' && (
          <TextInput
            label={partner === 'oui' ? m.structurePartner : m.structureOther}
            withAsterisk
            autoComplete="organization"
            maxLength={QUOTE_LIMITS.structureName}
            {...bound('structureName')}
          />
        )}
        <TextInput
          label={m.email}
          type="email"
          withAsterisk
          autoComplete="email"
          maxLength={QUOTE_LIMITS.email}
          {...bound('email')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={m.startsAt} type="datetime-local" withAsterisk {...bound('startsAt')} />
          <TextInput label={m.endsAt} type="datetime-local" withAsterisk {...bound('endsAt')} />
        </SimpleGrid>
        <Title order={3} size="h5">
          {m.billingTitle}
        </Title>
        {placeFields('billing')}
        <Controller
          control={form.control}
          name="phone"
          render={({ field }) => (
            <TextInput
              label={m.phone}
              type="tel"
              withAsterisk
              autoComplete="tel"
              inputMode="tel"
              // The limit counts digits: '06 12 34 56 78' is whole (rules/phone.ts).
              value={field.value}
              onChange={(event) => field.onChange(clampPhone(event.currentTarget.value, QUOTE_LIMITS.phone))}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={errorOf('phone')}
            />
          )}
        />
        <Title order={3} size="h5">
          {m.deliveryTitle}
        </Title>
        {placeFields('delivery')}
        <Textarea label={m.comments} autosize minRows={3} maxLength={QUOTE_LIMITS.comments} {...bound('comments')} />
        <QuoteEstimate lines={lines} partner={partner === 'oui'} />
        <Checkbox
          error={errorOf('acceptTerms')}
          label={
            <>
              {m.consentBefore}
              <Anchor component={Link} to="/termsAndConditions" target="_blank">
                {m.terms}
              </Anchor>
              {m.consentMiddle}
              <Anchor component={Link} to="/privacyPolicy" target="_blank">
                {m.privacy}
              </Anchor>
            </>
          }
          {...form.register('acceptTerms')}
        />
        <Group>
          <Button type="submit" size="md" loading={send.isPending}>
            {m.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
