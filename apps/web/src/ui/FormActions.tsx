import { Button, type ButtonVariant, Group, type MantineSize } from '@mantine/core';
import { FormError } from './FormError';

/**
 * The end of a form: its first error (where a screen reader meets it before sending again) and
 * the button that sends it, on the right.
 */
export function FormActions({
  error,
  submitLabel,
  pending,
  variant,
  size,
}: {
  error?: string | null;
  submitLabel: string;
  pending: boolean;
  variant?: ButtonVariant;
  size?: MantineSize;
}) {
  return (
    <>
      <FormError message={error} />
      <Group justify="flex-end">
        <Button type="submit" variant={variant} size={size} loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
