import {
  isOrderableQuantity,
  priceOf,
  quantitiesOf,
  type ShopProduct,
  showcaseFr,
  stepQuantity,
} from '@guichet/shared';
import { ActionIcon, Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../ui/toast';
import { addToCart } from './cart-store';
import { priceText } from './price';

const m = showcaseFr.details;

/** The type selector, quantity controls (never below 0; cups along their list) and the add-to-cart action. */
export function ProductPurchase({ product }: { product: ShopProduct }) {
  const [variant, setVariant] = useState<string | null>(product.variants[0]?.label ?? null);
  const [quantity, setQuantity] = useState(0);
  const [refused, setRefused] = useState(false);
  const [added, setAdded] = useState(false);
  const quantityId = useId();
  const quantities = quantitiesOf(product, variant);
  const price = priceOf(product, variant);

  const step = (direction: 1 | -1) => {
    setQuantity((current) => stepQuantity(quantities, current, direction));
    setRefused(false);
  };
  const add = () => {
    if (!addToCart(product, variant, quantity)) {
      setRefused(true);
      return;
    }
    toast(m.added(product.title));
    setAdded(true);
    setQuantity(0);
  };

  return (
    <Stack gap="md">
      <Text fz={28} fw={700} data-testid="detail-price" aria-live="polite">
        {priceText(price)}
      </Text>
      {product.variants.length > 0 && (
        <NativeSelect
          label={m.typeLabel}
          value={variant ?? ''}
          data={product.variants.map((v) => v.label)}
          onChange={(event) => {
            setVariant(event.currentTarget.value);
            setQuantity(0);
            setRefused(false);
          }}
          maw={360}
        />
      )}
      <Stack gap={4}>
        <Text component="label" id={quantityId} size="sm" fw={500}>
          {m.quantityLabel}
        </Text>
        <Group gap="xs" role="group" aria-labelledby={quantityId}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={m.decrease}
            onClick={() => step(-1)}
            disabled={quantity === 0}
          >
            <IconMinus size={18} />
          </ActionIcon>
          <Text fw={700} miw={56} ta="center" aria-live="polite" data-testid="quantity">
            {quantity}
          </Text>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={m.increase}
            onClick={() => step(1)}
            disabled={quantities !== null && quantity === quantities.at(-1)}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
      </Stack>
      {refused && !isOrderableQuantity(quantities, quantity) && (
        <Alert color="red" role="alert">
          {m.chooseQuantity}
        </Alert>
      )}
      <Group>
        <Button size="md" onClick={add}>
          {m.addToCart}
        </Button>
        {added && (
          <Button component={Link} to="/shoppingCart" variant="default" size="md">
            {m.viewCart}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
