import { fr } from '@guichet/shared';
import { ActionIcon } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { cartCount, useCart } from '../shop/cart-store';
import classes from './Header.module.css';

/** The way back to the cart, on every page while it holds something (it used to appear only after an add). */
export function CartLink() {
  const count = cartCount(useCart());
  if (count === 0) return null;
  const label = fr.shell.navCart(count);
  return (
    <ActionIcon
      component={Link}
      to="/shoppingCart"
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      className={classes.cart}
    >
      <IconShoppingCart size={18} aria-hidden />
      {/* The count is in the link's name; the figure is for the eye. */}
      <span className={classes.cartCount} aria-hidden data-testid="cart-count">
        {count}
      </span>
    </ActionIcon>
  );
}
