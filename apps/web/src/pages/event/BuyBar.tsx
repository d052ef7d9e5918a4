import { discoveryFr, type EventDetail, formatEuros } from '@guichet/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import classes from './BuyBar.module.css';

/**
 * On a phone, the ticket choice is far below the banner and the details: a bar at the bottom of
 * the screen gives the lowest price and "Réserver", which brings the ticket choice up. It hides
 * while the ticket choice is on screen (and on wide screens, where it is beside the details).
 */
export function BuyBar({ event, targetId }: { event: EventDetail; targetId: string }) {
  const [targetVisible, setTargetVisible] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = document.getElementById(targetId);
    const parent = target?.parentElement;
    if (!target || !parent) return;
    // The ticket choice and the steps that follow it (holders, payment): a buyer scrolled down to
    // the third step has no use for "Réserver".
    const seen = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) seen.add(entry.target);
          else seen.delete(entry.target);
        }
        setTargetVisible(seen.size > 0);
      },
      { rootMargin: '0px 0px -30% 0px' },
    );
    const observeFromTarget = () => {
      for (const element of seen) if (!element.isConnected) seen.delete(element);
      for (let element: Element | null = target; element; element = element.nextElementSibling)
        observer.observe(element);
    };
    observeFromTarget();
    const mutations = new MutationObserver(observeFromTarget);
    mutations.observe(parent, { childList: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [targetId]);

  // What floats at the bottom of the page (back to top) goes above the bar while it shows.
  useEffect(() => {
    const root = document.documentElement.style;
    const height = bar.current && getComputedStyle(bar.current).display !== 'none' ? bar.current.offsetHeight : 0;
    if (targetVisible || height === 0) root.removeProperty('--bottom-bar-height');
    else root.setProperty('--bottom-bar-height', `${height}px`);
    return () => {
      root.removeProperty('--bottom-bar-height');
    };
  }, [targetVisible]);

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
    <div
      ref={bar}
      className={classes.bar}
      data-hidden={targetVisible || undefined}
      aria-hidden={targetVisible || undefined}
    >
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
