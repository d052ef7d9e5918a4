import { showcaseFr } from '@guichet/shared';
import { Alert, Button, Container, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useShopProducts } from '../../api/shop';
import { CartLines } from '../../features/shop/CartLines';
import { cartCount, syncCartWithCatalogue, useCart } from '../../features/shop/cart-store';
import { QuoteForm } from '../../features/shop/QuoteForm';

const m = showcaseFr.cart;

/** /shoppingCart: the local cart, checked against the catalogue, and the quote request under it. */
export default function ShoppingCartPage() {
  const lines = useCart();
  const catalogue = useShopProducts();
  const [notices, setNotices] = useState<string[]>([]);
  useEffect(() => {
    if (!catalogue.data) return;
    const { repriced, dropped } = syncCartWithCatalogue(catalogue.data);
    setNotices([...(repriced ? [m.priceChanged] : []), ...dropped.map((title) => m.unavailable(title))]);
  }, [catalogue.data]);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{m.title(cartCount(lines))}</Title>
        {notices.map((notice) => (
          <Alert key={notice} color="yellow">
            {notice}
          </Alert>
        ))}
        {lines.length === 0 ? (
          <Paper withBorder radius="md" p="lg">
            <Stack align="flex-start">
              <Text>{m.empty}</Text>
              <Button component={Link} to="/services" variant="light">
                {m.explore}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <CartLines lines={lines} />
        )}
        <Divider />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <QuoteForm lines={lines} />
        </Paper>
      </Stack>
    </Container>
  );
}
