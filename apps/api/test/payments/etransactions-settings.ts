import type { EtransactionsSettings } from '../../src/payments/etransactions';
import { BANK_PUBLIC_KEY_PEM } from '../../src/payments/etransactions-ipn';

/** A test merchant of Up2Pay e-Transactions (the bank's test site), verified with the real bank key unless told. */
export function etransactionsSettings(overrides: Partial<EtransactionsSettings> = {}): EtransactionsSettings {
  return {
    site: '1999888',
    rang: '032',
    identifiant: '2',
    hmacKeyHex: '0123456789ABCDEF'.repeat(8),
    hosts: [],
    publicKeyPem: BANK_PUBLIC_KEY_PEM,
    pppsUrl: 'http://127.0.0.1:1/PPPS.php',
    ...overrides,
  };
}
