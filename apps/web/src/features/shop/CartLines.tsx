import { formatEuros, lineAmountCents, showcaseFr } from '@guichet/shared';
import { ActionIcon, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FallbackImage } from '../../ui/FallbackImage';
import { type CartLine, removeLine, stepLine } from './cart-store';
import { priceText } from './price';
import classes from './shop.module.css';

const m = showcaseFr.cart;

/** The cart's lines: picture, title, price, minus / plus / delete (§2 "Shopping cart"). */
export function CartLines({ lines }: { lines: CartLine[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {lines.map((line) => {
        const name = line.variant ? `${line.title} (${line.variant})` : line.title;
        const amount = line.priceCents === null ? null : lineAmountCents(line.priceCents, line.quantity, line.packSize);
        return (
          <Paper component="li" key={`${line.productId}|${line.variant}`} withBorder radius="md" p="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <FallbackImage src={line.image} alt="" width={88} height={66} className={classes.lineImage} />
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={`/servicesDetails/${line.offer}-${line.productId}`}
                      fw={600}
                      c="inherit"
                    >
                      {name}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {priceText(line)}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={m.remove(name)}
                    onClick={() => removeLine(line.productId, line.variant)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      aria-label={m.decrease(name)}
                      onClick={() => stepLine(line.productId, line.variant, -1)}
                    >
                      <IconMinus size={16} />
                    </ActionIcon>
                    <Text fw={700} miw={40} ta="center" data-testid="line-quantity">
                      {line.quantity}
                    </Text>
                    <ActionIcon
                      variant="default"
                      aria-label={m.increase(name)}
                      onClick={() => stepLine(line.productId, line.variant, 1)}
                      disabled={line.quantities !== null && line.quantity === line.quantities.at(-1)}
                    >
                      <IconPlus size={16} />
                    </ActionIcon>
                  </Group>
                  <Text fw={700}>{amount === null ? '' : formatEuros(amount)}</Text>
                </Group>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
