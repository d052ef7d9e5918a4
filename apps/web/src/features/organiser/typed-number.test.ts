import { organiserFr } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { priceError, quantityError, typedValue } from './typed-number';

describe('typed numbers', () => {
  it('read what the field holds, text included', () => {
    expect(typedValue(3)).toBe(3);
    expect(typedValue('')).toBeNull();
    expect(typedValue('2.')).toBe(2);
    expect(typedValue('-')).toBeNaN();
  });

  it('explain a quantity that is not a whole number of at least 1, and leave an empty field to the form', () => {
    for (const value of [0, 2.5, -3, '-']) expect(quantityError(value)).toBe(organiserFr.form.wholeQuantity);
    expect(quantityError(4)).toBeUndefined();
    expect(quantityError('')).toBeUndefined();
  });

  it('explain a negative price', () => {
    expect(priceError(-5)).toBe(organiserFr.create.ticketPriceInvalid);
    expect(priceError(0)).toBeUndefined();
    expect(priceError(12.5)).toBeUndefined();
  });
});
