import { z } from 'zod';

export const MAX_TICKETS_PER_ORDER = 5;
export const HOLD_SECONDS = 180;
export const BUYER_NAME_MAX = 22;

export const orderLineInput = z.strictObject({
  ticketId: z.string().max(64),
  quantity: z.number().int().min(0).max(100),
  refundPlaces: z.number().int().min(0).max(100).default(0),
});
export type OrderLineRequest = z.infer<typeof orderLineInput>;

export const buyerInput = z.strictObject({
  email: z.string().max(254).default(''),
  firstName: z.string().max(100).default(''),
  lastName: z.string().max(100).default(''),
  birthDate: z.string().max(10).default(''),
  studies: z.string().max(100).nullable().optional(),
});
export type BuyerInput = z.infer<typeof buyerInput>;

export const createOrderRequest = z.strictObject({
  eventId: z.string().max(64),
  lines: z.array(orderLineInput).min(1).max(10),
  discountCode: z.string().max(50).nullable().optional(),
  buyer: buyerInput.optional(),
  shareKey: z.string().max(100).nullable().optional(),
  acceptTerms: z.boolean().optional(),
  /** One ticket offered with a ticket of the order, chosen in the gift modal (quantity 0 or 1). */
  giftTicketId: z.string().max(64).nullable().optional(),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

export const orderCreated = z.object({
  id: z.string(),
  expiresAt: z.string(),
  totalCents: z.number().int(),
  provider: z.string(),
  status: z.string(),
  accessToken: z.string().optional(),
});
export type OrderCreated = z.infer<typeof orderCreated>;
