/**
 * A reason given with a refusal or a correction, and read by the person it concerns (a payout or a
 * verification rejected, a ban, a ledger adjustment, a refund refused): 500 characters at most, as
 * the catalog's messages say.
 */
export const REASON_MAX_LENGTH = 500;
