import { accountFr } from '@guichet/shared';
import { IconCircleCheckFilled } from '@tabler/icons-react';

export function VerifiedTick({ size = 22 }: { size?: number }) {
  return (
    <IconCircleCheckFilled
      size={size}
      color="var(--mantine-color-blue-5)"
      aria-label={accountFr.profile.verified}
      role="img"
      style={{ flexShrink: 0 }}
    />
  );
}
