import { checkoutFr } from '@guichet/shared';
import { AppError, badRequest } from '../../lib/errors';

/** The refusals of the order's life that buyers, the door and the checkout all give. */
export const soldOut = () => new AppError('SOLD_OUT', checkoutFr.noPlaceLeft, 409);
export const oneFreeTicket = (isFreeEvent: boolean) =>
  new AppError('ONE_FREE_TICKET', isFreeEvent ? checkoutFr.freeEventOneTicket : checkoutFr.oneFreeTicket, 409);
export const promoExhausted = () => badRequest(checkoutFr.promoExhausted, 'discountCode');
export const promoUsed = () => new AppError('PROMO_ALREADY_USED', checkoutFr.promoUsed, 409, 'discountCode');
export const eventCancelled = () => new AppError('EVENT_CANCELLED', checkoutFr.eventCancelled, 409);
