/**
 * The "become partner" marker: the partner page sets it before sending the visitor to
 * /contact, which then preselects Partenariat. A UI marker only; it is dropped once the
 * message is sent.
 */
export const BECOME_PARTNER_KEY = 'guichet.becomePartner';

export function hasBecomePartnerFlag(): boolean {
  try {
    const flag = localStorage.getItem(BECOME_PARTNER_KEY);
    return flag !== null && flag !== 'false' && flag !== '0';
  } catch {
    return false;
  }
}

export function clearBecomePartnerFlag(): void {
  try {
    localStorage.removeItem(BECOME_PARTNER_KEY);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

/** Set by the partner page just before it opens /contact. */
export function setBecomePartnerFlag(): void {
  try {
    localStorage.setItem(BECOME_PARTNER_KEY, '1');
  } catch {
    // Storage refused: the visitor picks the subject themselves.
  }
}
