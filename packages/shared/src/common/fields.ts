import { z } from 'zod';

// Fragments that many answers share, each one idea. Not in rules/, whose modules load without zod
// (rules/money.ts is on the list page).

/** An amount of money: integer euro cents, never a float (1-attendee.md §1: the euro, 2 decimals). */
export const cents = z.number().int();

/** A page of a list: its items, and how many match over all pages. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), total: z.number().int() });
