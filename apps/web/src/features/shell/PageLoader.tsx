import { fr } from '@guichet/shared';
import { Center, Loader } from '@mantine/core';

/** What a page shows while its data or its code loads. */
export function PageLoader() {
  return (
    <Center py="xl" aria-live="polite">
      <Loader role="status" aria-label={fr.common.loading} />
    </Center>
  );
}
