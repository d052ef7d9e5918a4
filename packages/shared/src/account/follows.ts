import { z } from 'zod';
import { publicAccountFields } from './profile';

export const followListType = z.enum(['followers', 'follows']);
export type FollowListType = z.infer<typeof followListType>;

/** A card of a follow list (the spec's follow preview). */
const followPreview = z.object({
  ...publicAccountFields,
  /** The category the account organises most often, if any. */
  category: z.string().nullable(),
  nbFollowers: z.number().int(),
});

/** A non-public account still counts in a list, but only as a placeholder. */
const privateFollowPreview = z.object({ id: z.string(), isPublic: z.literal(false) });

const followListItem = z.union([followPreview, privateFollowPreview]);
export type FollowListItem = z.infer<typeof followListItem>;
export const followList = z.array(followListItem);

export const followResult = z.object({
  isFollowing: z.boolean(),
  /** Null when the followed account is not public. */
  nbFollowers: z.number().int().nullable(),
});
export type FollowResult = z.infer<typeof followResult>;
