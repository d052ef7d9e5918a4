import { PaymentSignatureError } from './errors';
import { buildEtransactionsFields, type EtransactionsMerchant } from './etransactions-form';
import { bankPublicKey, readBankReturn } from './etransactions-ipn';
import { refundThroughPpps } from './etransactions-refund';
import { createBankServerChooser } from './etransactions-servers';
import type { PaymentProvider } from './provider';
import { assertStartPayment } from './start-payment';

export type EtransactionsSettings = EtransactionsMerchant & {
  /** Tried in order; the first whose load.html says OK receives the form at `<host>/php/` (asked again every few seconds). */
  hosts: string[];
  /** Verifies the IPN and the return URLs' queries. */
  publicKeyPem: string;
  pppsUrl: string;
};

/** Up2Pay e-Transactions (and the sandbox, which speaks the same protocol with its own keys). */
export function createEtransactionsProvider(
  name: 'etransactions' | 'sandbox',
  settings: EtransactionsSettings,
  deps: { fetch: typeof fetch },
): PaymentProvider {
  const publicKey = bankPublicKey(settings.publicKeyPem);
  const chooseServer = createBankServerChooser(settings.hosts, deps.fetch);
  return {
    name,
    async start(payment) {
      assertStartPayment(payment);
      const host = await chooseServer();
      return { kind: 'form', action: `${host}/php/`, fields: buildEtransactionsFields(settings, payment, new Date()) };
    },
    readNotification(raw) {
      // GET by default; a POST IPN (PBX_RUF1=POST) carries the same string as its body.
      const query = raw.rawQuery ?? raw.rawBody?.toString('utf8');
      if (!query) throw new PaymentSignatureError('empty notification');
      return readBankReturn(query, publicKey);
    },
    async refund(payment) {
      await refundThroughPpps(settings, payment, deps.fetch);
    },
  };
}
