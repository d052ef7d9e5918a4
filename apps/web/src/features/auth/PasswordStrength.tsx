import { fr, passwordStrength, passwordStrengthLabel } from '@guichet/shared';
import { Group, Progress, Text, VisuallyHidden } from '@mantine/core';

const display = {
  tooShort: { value: 10, color: 'red' },
  weak: { value: 35, color: 'orange' },
  good: { value: 70, color: 'yellow' },
  strong: { value: 100, color: 'teal' },
} as const;

/** The spec's indicator: Trop court / Faible / Bon / Fort. */
export function PasswordStrength({ password }: { password: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const { value, color } = display[strength];
  return (
    <Group gap="sm" wrap="nowrap" aria-live="polite">
      <Progress value={value} color={color} size="sm" style={{ flex: 1 }} aria-hidden />
      <VisuallyHidden>{fr.auth.strengthLabel} :</VisuallyHidden>
      <Text size="sm" fw={600} miw={80}>
        {passwordStrengthLabel[strength]}
      </Text>
    </Group>
  );
}
