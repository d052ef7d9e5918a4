import { discoveryFr, type EventDetail, formatEuros } from '@guichet/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from './BuyBar.module.css';

/**
 * On a phone, the ticket choice is far below the banner and the details: a bar at the bottom of
 * the screen gives the lowest price and "Réserver", which brings the ticket choice up. It hides
 * while the ticket choice is on screen (and on wide screens, where it is beside the details).
 */
export function BuyBar({ event, targetId }: { event: EventDetail; targetId: string }) {
  const [targetVisible, setTargetVisible] = useState(false);
  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target) return;
    const observer = new IntersectionObserver((entries) => setTargetVisible(entries.some((e) => e.isIntersecting)), {
      rootMargin: '0px 0px -30% 0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);

  const price = event.isFree ? discoveryFr.page.free : discoveryFr.page.fromPrice(formatEuros(event.minPriceCents));
  const bringUp = () => {
    const target = document.getElementById(targetId);
    if (!target) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    // The first control of the ticket choice gets the focus, for keyboards and screen readers.
    const first = target.parentElement?.querySelector<HTMLElement>('button, input, a[href]');
    first?.focus({ preventScroll: true });
  };

  return (
    <div className={classes.bar} data-hidden={targetVisible || undefined} aria-hidden={targetVisible || undefined}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <Text fw={800} size="lg">
            {price}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {event.title}
          </Text>
        </Stack>
        <Button size="md" onClick={bringUp} tabIndex={targetVisible ? -1 : undefined}>
          {discoveryFr.page.bookCta}
        </Button>
      </Group>
    </div>
  );
}
