import { fr } from '@guichet/shared';
import { ActionIcon, Affix, Box, Button, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';

/**
 * Appears after 700 px of scroll, above a bar fixed at the bottom of the page if one shows
 * (BuyBar). On phones a round icon only, so that it hides as little as it can of the form under it.
 */
export function BackToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  const up = () => scrollTo({ y: 0 });
  return (
    <Affix position={{ bottom: 'calc(20px + var(--bottom-bar-height, 0px))', right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > 700}>
        {(styles) => (
          <Box style={styles}>
            <Button leftSection={<IconArrowUp size={16} />} onClick={up} visibleFrom="sm">
              {fr.shell.backToTop}
            </Button>
            <ActionIcon size="xl" radius="xl" onClick={up} hiddenFrom="sm" aria-label={fr.shell.backToTop}>
              <IconArrowUp size={20} />
            </ActionIcon>
          </Box>
        )}
      </Transition>
    </Affix>
  );
}
