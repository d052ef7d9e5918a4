/** The longest address mail can carry (RFC 5321): the cap of every e-mail field. */
export const EMAIL_MAX_LENGTH = 254;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailValid(email: string): boolean {
  return emailPattern.test(email);
}

/** E-mails are compared without spaces and without case. */
export function normalizeEmail(email: string): string {
  return email.replace(/\s+/g, '').toLowerCase();
}
