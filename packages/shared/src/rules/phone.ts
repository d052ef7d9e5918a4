/** Spaces and dots people type between the pairs of a French number ('06 12 34 56 78', '06.12.34.56.78'). */
const PHONE_SEPARATORS = /[\s.]/g;

/** A phone number as stored and counted: its digits (and anything else typed) without the separators. */
export function phoneDigits(phone: string): string {
  return phone.replace(PHONE_SEPARATORS, '');
}

/** A French mobile number (1-attendee.md §5, 2-organiser.md §5): 06 or 07, then 8 digits; spaces and dots allowed. */
export function isMobilePhone(phone: string): boolean {
  return /^0[67]\d{8}$/.test(phoneDigits(phone));
}

/**
 * A phone as typed, cut after its `max`-th character that is not a separator: a limit of 10
 * counts the digits of '06 12 34 56 78', not its 14 characters (what a field's maxLength does).
 */
export function clampPhone(phone: string, max: number): string {
  let counted = 0;
  let end = 0;
  for (const char of phone) {
    const separator = /[\s.]/.test(char);
    if (!separator && counted === max) break;
    if (!separator) counted += 1;
    end += char.length;
  }
  return phone.slice(0, end);
}
