import { z } from 'zod';

/** GET /api/wallet: the wallets a ticket can be added to (each needs its settings on the server). */
export const enabledWalletsSchema = z.object({ apple: z.boolean(), google: z.boolean() });
export type EnabledWallets = z.infer<typeof enabledWalletsSchema>;

/** GET /api/me/participations/:id/google-wallet: the "Add to Google Wallet" save link. */
export const googleWalletLinkSchema = z.object({ url: z.string() });
export type GoogleWalletLink = z.infer<typeof googleWalletLinkSchema>;
