import { showcaseHomeFr } from '@guichet/shared';
import { ActionIcon, Group, Paper, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import {
  IconCalendarPlus,
  IconCamera,
  IconCash,
  IconChartBar,
  IconChevronLeft,
  IconChevronRight,
  IconCreditCardPay,
  IconCup,
  IconDiscount,
  IconPlayerPause,
  IconPlayerPlay,
  IconQrcode,
  IconScan,
  IconSearch,
  IconTicket,
  IconUserHeart,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import classes from './showcase.module.css';

const m = showcaseHomeFr;
/** The home carousel turns every 4 seconds (3-showcase-and-shell.md §9). */
export const CAROUSEL_INTERVAL_MS = 4000;
const icons = [
  IconSearch,
  IconTicket,
  IconQrcode,
  IconUserHeart,
  IconCalendarPlus,
  IconDiscount,
  IconChartBar,
  IconScan,
  IconCash,
  IconCreditCardPay,
  IconCup,
  IconCamera,
];
const colors = [
  'violet',
  'pink',
  'cyan',
  'grape',
  'indigo',
  'orange',
  'teal',
  'blue',
  'lime',
  'violet',
  'pink',
  'cyan',
];

/**
 * The 12 feature items (§2 "Home landing page"). It stops while hovered or focused, with its
 * pause button, and for visitors who ask for reduced motion; arrow keys move it (WAI-ARIA
 * carousel pattern: the slides are announced only while it is still).
 */
export function FeatureCarousel() {
  const items = m.features;
  const count = items.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  const rotating = !paused && !hovered && !focused && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  // Three items side by side on a wide screen, one on a phone (CSS hides the others).
  const visible = [0, 1, 2].map((offset) => (index + offset) % count);

  return (
    <section
      aria-roledescription="carrousel"
      aria-label={m.carouselLabel}
      className={classes.carousel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
        else return;
        event.preventDefault();
      }}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {m.carouselLabel}
        </Title>
        <Group gap="xs">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={paused ? m.carouselPlay : m.carouselPause}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? <IconPlayerPlay size={18} /> : <IconPlayerPause size={18} />}
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={m.carouselPrevious} onClick={() => go(-1)}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={m.carouselNext} onClick={() => go(1)}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <div className={classes.slides} aria-live={rotating ? 'off' : 'polite'} data-testid="carousel-slides">
        {visible.map((itemIndex, position) => {
          const item = items[itemIndex];
          const Icon = icons[itemIndex] ?? IconSearch;
          if (!item) return null;
          return (
            <Paper
              key={itemIndex}
              withBorder
              radius="md"
              p="lg"
              role="group"
              aria-roledescription="diapositive"
              aria-label={m.carouselSlide(itemIndex + 1, count)}
              className={position === 0 ? classes.slide : `${classes.slide} ${classes.slideExtra}`}
              data-animate={!reducedMotion}
            >
              <ThemeIcon size={48} radius="md" variant="light" color={colors[itemIndex]} aria-hidden>
                <Icon size={28} />
              </ThemeIcon>
              <Title order={3} size="h4" mt="sm">
                {item.title}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {item.text}
              </Text>
            </Paper>
          );
        })}
      </div>
      <Group gap={6} justify="center" mt="md">
        {items.map((item, itemIndex) => (
          <UnstyledButton
            key={item.title}
            className={classes.dot}
            aria-label={m.carouselGoTo(item.title)}
            aria-current={itemIndex === index}
            onClick={() => setIndex(itemIndex)}
          />
        ))}
      </Group>
    </section>
  );
}
