import { productSlug, type ShopProduct, showcaseFr } from '@guichet/shared';
import { Anchor, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { priceText } from './price';
import { rememberSelectedOffer } from './selected-offer';
import classes from './shop.module.css';

const m = showcaseFr.offers;

/** A catalogue card: picture, title, description with "Voir plus" / "Voir moins", price; the card leads to its page. */
export function ProductCard({ product, eager }: { product: ShopProduct; eager: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const descriptionId = useId();
  const to = `/servicesDetails/${productSlug(product)}`;
  const remember = () => rememberSelectedOffer(product);
  return (
    <Card withBorder radius="md" padding="md" className={classes.card}>
      <Card.Section>
        <Image
          src={product.images[0] ?? '/event-placeholder.svg'}
          alt=""
          width={640}
          height={480}
          className={classes.cardImage}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Title order={2} size="h4">
          <Anchor component={Link} to={to} onClick={remember} c="inherit" className={classes.cardLink}>
            {product.title}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed" id={descriptionId} lineClamp={expanded ? undefined : 2}>
          {product.description}
        </Text>
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
      </Stack>
      <Group justify="space-between" mt="sm" wrap="nowrap">
        <Text fw={700} size="lg" data-testid="product-price">
          {priceText(product)}
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
    </Card>
  );
}
