import { offersFr, productSlug, type ShopProduct } from '@guichet/shared';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '../../ui/FallbackImage';
import { cardPriceText } from './price';
import { rememberSelectedOffer } from './selected-offer';
import classes from './shop.module.css';

const m = offersFr;

/** A catalogue card: picture, title, description with "Voir plus" / "Voir moins", price; the card leads to its page. */
export function ProductCard({
  product,
  eager,
  first,
}: {
  product: ShopProduct;
  /** Above the fold on a phone: loaded at once. */
  eager: boolean;
  /** The page's largest paint on a phone: fetched first (and preloaded by the server). */
  first: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const description = useRef<HTMLParagraphElement>(null);
  const clamped = useIsClamped(description, expanded);
  const descriptionId = useId();
  const titleId = useId();
  const to = `/servicesDetails/${productSlug(product)}`;
  const remember = () => rememberSelectedOffer(product);
  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="md" className={classes.card}>
      <FallbackImage
        src={product.images[0]}
        alt=""
        width={640}
        height={480}
        className={classes.cardImage}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        decoding="async"
      />
      <Stack gap={6} p="md" pb={0} style={{ flex: 1 }}>
        <Title order={2} size="h4" id={titleId}>
          <Anchor component={Link} to={to} onClick={remember} c="inherit" className={classes.cardLink}>
            {product.title}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed" id={descriptionId} lineClamp={expanded ? undefined : 2} ref={description}>
          {product.description}
        </Text>
        {/* Offered only where the clamp hides something (or to close what it opened). */}
        {(clamped || expanded) && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            aria-expanded={expanded}
            aria-controls={descriptionId}
            onClick={() => setExpanded((open) => !open)}
            className={classes.more}
          >
            {expanded ? m.less : m.more}
          </Anchor>
        )}
      </Stack>
      <Group justify="space-between" p="md" wrap="nowrap">
        <Text fw={700} size="lg" data-testid="product-price">
          {cardPriceText(product)}
        </Text>
        <Button
          component={Link}
          to={to}
          onClick={remember}
          variant="light"
          size="xs"
          aria-label={m.details(product.title)}
        >
          {m.open}
        </Button>
      </Group>
    </Paper>
  );
}

/** Whether the clamped text hides lines, measured again when the card's width changes. */
function useIsClamped(text: React.RefObject<HTMLElement | null>, expanded: boolean): boolean {
  const [clamped, setClamped] = useState(false);
  useLayoutEffect(() => {
    const element = text.current;
    if (!element || expanded) return;
    const measure = () => setClamped(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);
  return clamped;
}
