import { fr } from '@guichet/shared';
import { Affix, Button, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';

/** Appears after 700 px of scroll. */
export function BackToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 20, right: 20 }}>
      <Transition transition="slide-up" mounted={scroll.y > 700}>
        {(styles) => (
          <Button leftSection={<IconArrowUp size={16} />} style={styles} onClick={() => scrollTo({ y: 0 })}>
            {fr.shell.backToTop}
          </Button>
        )}
      </Transition>
    </Affix>
  );
}
