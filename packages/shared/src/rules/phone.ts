/** A French mobile number (1-attendee.md §5, 2-organiser.md §5): 06 or 07, then 8 digits; spaces and dots allowed. */
export function isMobilePhone(phone: string): boolean {
  return /^0[67]\d{8}$/.test(phone.replace(/[\s.]/g, ''));
}
