import type { GuestAccountRequest, GuestLookupRequest, GuestLookupResult, GuestVerifyRequest } from '@guichet/shared';
import { z } from 'zod';

// Fields default to empty so that a missing field gets the spec's message, in the spec's order.
const field = (max: number) => z.string().max(max).default('');

/** Kept in step with the shared types at compile time (see packages/shared/src/checkout/rules.ts). */
type Matches<T> = z.ZodType<T, unknown>;

export const guestLookupRequest = z.strictObject({ email: field(254) }) satisfies Matches<GuestLookupRequest>;
export const guestLookupResult = z.strictObject({ hasAccount: z.boolean() }) satisfies Matches<GuestLookupResult>;
export const guestAccountRequest = z.strictObject({
  email: field(254),
  firstName: field(100),
  lastName: field(100),
  birthDate: field(10),
  password: field(128),
  passwordConfirmation: field(128),
}) satisfies Matches<GuestAccountRequest>;
export const guestVerifyRequest = z.strictObject({
  email: field(254),
  code: field(12),
}) satisfies Matches<GuestVerifyRequest>;
