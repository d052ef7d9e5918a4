import { fr } from '@guichet/shared';
import { Center, Loader, type MantineSize } from '@mantine/core';

/**
 * What a page or a panel shows while its data or its code loads: a loader named for screen
 * readers, centred in its space, or on its own inside a line (`inline`).
 */
export function Loading({
  inline = false,
  size,
  label = fr.common.loading,
}: {
  inline?: boolean;
  size?: MantineSize;
  label?: string;
}) {
  const loader = <Loader role="status" aria-label={label} size={size} />;
  if (inline) return loader;
  return (
    <Center py="xl" aria-live="polite">
      {loader}
    </Center>
  );
}
