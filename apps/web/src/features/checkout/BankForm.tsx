import { checkoutStepsFr, formatEuros, paymentFr } from '@guichet/shared';
import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { PaymentRedirect } from '../../api/checkout';
import { FormError } from '../../ui/FormError';

type FormRedirect = Extract<PaymentRedirect, { kind: 'form' }>;

/**
 * The bank's form, posted by the browser itself (the bank reads the hidden fields in this order).
 * A post the page's security policy refuses (form-action) does nothing visible in the browser: the
 * violation is reported to the page, which then tells the buyer rather than leave 'Payer' silent.
 */
export function BankForm({
  redirect,
  amountCents,
  submitAtOnce = false,
}: {
  redirect: FormRedirect;
  amountCents: number;
  /** Posted as soon as shown: the buyer already asked for it (another attempt). */
  submitAtOnce?: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'form-action') setBlocked(true);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, []);

  const submitted = useRef(false);
  useEffect(() => {
    if (!submitAtOnce || submitted.current) return;
    submitted.current = true;
    form.current?.requestSubmit();
  }, [submitAtOnce]);

  return (
    <Stack gap="xs">
      <form method="post" action={redirect.action} ref={form} onSubmit={() => setBlocked(false)}>
        {redirect.fields.map(([name, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the bank's field names may repeat; order is the identity.
          <input key={index} type="hidden" name={name} value={value} />
        ))}
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {checkoutStepsFr.payment.bankNotice}
          </Text>
          <Button type="submit" fullWidth>
            {checkoutStepsFr.payment.pay(formatEuros(amountCents))}
          </Button>
        </Stack>
      </form>
      <FormError message={blocked ? paymentFr.blocked : null} />
    </Stack>
  );
}
