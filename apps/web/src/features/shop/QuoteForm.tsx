import {
  type AddressSuggestion,
  type FieldError,
  formatEuros,
  QUOTE_LIMITS,
  type QuoteField,
  type QuoteRequest,
  quoteErrors,
  quoteRequest,
  quoteTotals,
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
import { Link } from 'react-router';
import { useSession } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useMeta } from '../../api/meta';
import { useSendQuote } from '../../api/shop';
import { toast } from '../account/toast';
import { AddressInput } from '../addresses/AddressInput';
import { type CartLine, clearCart } from './cart-store';

const m = showcaseFr.quote;

type Place = { address: string; postcode: string; city: string };
type Values = {
  partner: 'oui' | 'non' | '';
  structureName: string;
  email: string;
  startsAt: string;
  endsAt: string;
  billing: Place;
  phone: string;
  delivery: Place;
  comments: string;
  acceptTerms: boolean;
};

const empty: Values = {
  partner: '',
  structureName: '',
  email: '',
  startsAt: '',
  endsAt: '',
  billing: { address: '', postcode: '', city: '' },
  phone: '',
  delivery: { address: '', postcode: '', city: '' },
  comments: '',
  acceptTerms: false,
};

/** A `datetime-local` value is the visitor's local time: sent as an instant. */
const toInstant = (local: string) => {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : local;
};

function requestOf(values: Values, lines: CartLine[]): QuoteRequest {
  return {
    partner: values.partner === '' ? null : values.partner === 'oui',
    structureName: values.structureName,
    email: values.email,
    startsAt: toInstant(values.startsAt),
    endsAt: toInstant(values.endsAt),
    billing: values.billing,
    phone: values.phone,
    delivery: values.delivery,
    comments: values.comments,
    acceptTerms: values.acceptTerms,
    lines: lines.map((line) => ({ productId: line.productId, variant: line.variant, quantity: line.quantity })),
  };
}

/** The quote request under the cart (§2, §5): every check of the spec, in its order, listed in one banner. */
export function QuoteForm({ lines }: { lines: CartLine[] }) {
  const { brandName } = useMeta();
  const send = useSendQuote();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldError<QuoteField>[]>([]);
  const [sent, setSent] = useState(false);
  const banner = useRef<HTMLDivElement>(null);
  // A logged-in visitor's address is offered; the form needs no account.
  const sessionEmail = useSession().data?.email;
  useEffect(() => {
    if (sessionEmail) setValues((v) => (v.email ? v : { ...v, email: sessionEmail }));
  }, [sessionEmail]);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setPlace = (which: 'billing' | 'delivery', place: Partial<Place>) =>
    setValues((v) => ({ ...v, [which]: { ...v[which], ...place } }));
  const errorOf = (field: QuoteField) => errors.find((e) => e.field === field)?.message;
  const totals = quoteTotals(
    lines.map((line) => ({ ...line, unitCents: line.priceCents })),
    values.partner === 'oui',
  );

  const showErrors = (found: FieldError<QuoteField>[]) => {
    setErrors(found);
    // The banner takes the focus so that a screen reader reads the list at once.
    requestAnimationFrame(() => banner.current?.focus());
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSent(false);
    const request = requestOf(values, lines);
    const found = quoteErrors(quoteRequest.parse(request), brandName, new Date());
    if (found.length > 0) {
      showErrors(found);
      return;
    }
    setErrors([]);
    send.mutate(request, {
      onSuccess: () => {
        clearCart();
        setValues(empty);
        setSent(true);
        toast(m.sent);
      },
      onError: (failure) => {
        const field = (failure instanceof ApiError ? failure.field : undefined) as QuoteField | undefined;
        showErrors([{ field: field ?? 'lines', message: failure.message }]);
      },
    });
  };

  const placeFields = (which: 'billing' | 'delivery') => (
    <Stack gap="sm">
      <AddressInput
        label={m.address}
        required
        value={values[which].address}
        maxLength={QUOTE_LIMITS.address}
        error={errorOf(`${which}.address`)}
        onChange={(address) => setPlace(which, { address })}
        onSelect={(suggestion: AddressSuggestion) =>
          setPlace(which, { address: suggestion.name, postcode: suggestion.postcode, city: suggestion.city })
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={m.postcode}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          maxLength={QUOTE_LIMITS.postcode}
          value={values[which].postcode}
          error={errorOf(`${which}.postcode`)}
          onChange={(event) => setPlace(which, { postcode: event.currentTarget.value })}
        />
        <TextInput
          label={m.city}
          withAsterisk
          autoComplete="off"
          maxLength={QUOTE_LIMITS.city}
          value={values[which].city}
          error={errorOf(`${which}.city`)}
          onChange={(event) => setPlace(which, { city: event.currentTarget.value })}
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
        {errors.length > 0 && (
          <Alert color="red" title={m.errorTitle} ref={banner} tabIndex={-1} role="alert" data-testid="quote-errors">
            <List size="sm">
              {errors.map((error) => (
                <List.Item key={error.field}>{error.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Radio.Group
          label={m.partnerQuestion(brandName)}
          withAsterisk
          value={values.partner}
          onChange={(value) => set('partner', value as Values['partner'])}
          error={errorOf('partner')}
          description={m.partnerDiscount}
        >
          <Group mt="xs">
            <Radio value="oui" label={m.yes} />
            <Radio value="non" label={m.no} />
          </Group>
        </Radio.Group>
        {values.partner !== '' && (
          <TextInput
            label={values.partner === 'oui' ? m.structurePartner : m.structureOther}
            withAsterisk
            autoComplete="organization"
            maxLength={QUOTE_LIMITS.structureName}
            value={values.structureName}
            error={errorOf('structureName')}
            onChange={(event) => set('structureName', event.currentTarget.value)}
          />
        )}
        <TextInput
          label={m.email}
          type="email"
          withAsterisk
          autoComplete="email"
          maxLength={QUOTE_LIMITS.email}
          value={values.email}
          error={errorOf('email')}
          onChange={(event) => set('email', event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={m.startsAt}
            type="datetime-local"
            withAsterisk
            value={values.startsAt}
            error={errorOf('startsAt')}
            onChange={(event) => set('startsAt', event.currentTarget.value)}
          />
          <TextInput
            label={m.endsAt}
            type="datetime-local"
            withAsterisk
            value={values.endsAt}
            error={errorOf('endsAt')}
            onChange={(event) => set('endsAt', event.currentTarget.value)}
          />
        </SimpleGrid>
        <Title order={3} size="h5">
          {m.billingTitle}
        </Title>
        {placeFields('billing')}
        <TextInput
          label={m.phone}
          type="tel"
          withAsterisk
          autoComplete="tel"
          inputMode="tel"
          maxLength={QUOTE_LIMITS.phone}
          value={values.phone}
          error={errorOf('phone')}
          onChange={(event) => set('phone', event.currentTarget.value)}
        />
        <Title order={3} size="h5">
          {m.deliveryTitle}
        </Title>
        {placeFields('delivery')}
        <Textarea
          label={m.comments}
          autosize
          minRows={3}
          maxLength={QUOTE_LIMITS.comments}
          value={values.comments}
          error={errorOf('comments')}
          onChange={(event) => set('comments', event.currentTarget.value)}
        />
        {lines.length > 0 && (
          <Stack gap={2} data-testid="quote-estimate">
            <Group justify="space-between">
              <Text>{showcaseFr.cart.estimate}</Text>
              <Text fw={700}>{formatEuros(totals.subtotalCents)}</Text>
            </Group>
            {totals.discountCents > 0 && (
              <Group justify="space-between">
                <Text c="teal">{m.discountLine}</Text>
                <Text c="teal" fw={700}>
                  -{formatEuros(totals.discountCents)}
                </Text>
              </Group>
            )}
            {totals.discountCents > 0 && (
              <Group justify="space-between">
                <Text>{m.totalLine}</Text>
                <Text fw={700}>{formatEuros(totals.totalCents)}</Text>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              {showcaseFr.cart.estimateHelp}
            </Text>
          </Stack>
        )}
        <Checkbox
          checked={values.acceptTerms}
          onChange={(event) => set('acceptTerms', event.currentTarget.checked)}
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
