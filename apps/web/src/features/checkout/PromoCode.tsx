import { checkoutFr, checkoutStepsFr } from '@guichet/shared';
import { Badge, Button, CloseButton, Group, Modal, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useCheckDiscount } from '../../api/checkout';
import { FormError } from '../../ui/FormError';

const t = checkoutStepsFr.promo;

/** The promo-code modal; a valid code shows as a removable capsule with its percentage. */
export function PromoCode({
  eventId,
  discount,
  onChange,
}: {
  eventId: string;
  discount: { code: string; percent: number } | null;
  onChange: (discount: { code: string; percent: number } | null) => void;
}) {
  const [opened, modal] = useDisclosure(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useCheckDiscount(eventId);

  const submit = () => {
    const wanted = code.trim();
    if (!wanted) {
      setError(checkoutFr.promoRequired);
      return;
    }
    check.mutate(wanted, {
      onSuccess: ({ percent }) => {
        onChange({ code: wanted, percent });
        setError(null);
        setCode('');
        modal.close();
      },
      onError: (failure) => setError(failure.message),
    });
  };

  if (discount) {
    return (
      <Group gap="xs">
        <Badge
          size="md"
          variant="light"
          tt="none"
          rightSection={<CloseButton size="sm" aria-label={t.remove(discount.code)} onClick={() => onChange(null)} />}
        >
          <VisuallyHidden>{t.applied} : </VisuallyHidden>
          {t.capsule(discount.code, discount.percent)}
        </Badge>
      </Group>
    );
  }
  return (
    <>
      <Button variant="subtle" onClick={modal.open} style={{ alignSelf: 'flex-start' }}>
        {t.open}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t.title} centered>
        {/* A form of its own. The modal is portalled outside the ticket step's form in the DOM, but
            React still bubbles its submit to that form: stopped here, or 'Valider' would submit the
            ticket step too and move on before the code is checked. */}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            submit();
          }}
        >
          <Stack>
            <TextInput
              label={t.label}
              value={code}
              maxLength={50}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={Boolean(error)}
              data-autofocus
            />
            <FormError message={error} />
            <Button type="submit" loading={check.isPending}>
              {t.submit}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
