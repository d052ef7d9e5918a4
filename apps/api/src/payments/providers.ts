import type { PaymentConfig } from './config';
import { createEtransactionsProvider } from './etransactions';
import type { PaymentProvider, PaymentProviderName } from './provider';
import { sandboxBankFetch, sandboxEtransactionsSettings } from './sandbox-bank-core';
import type { SandboxBankStore } from './sandbox-bank-store';
import { createStripeProvider } from './stripe';

/** One provider per configured name; undefined when its settings are absent. */
export async function createPaymentProviders(
  config: PaymentConfig,
  deps: {
    fetch?: typeof fetch;
    /** Where the sandbox bank keeps its refunds; without it, a sandbox refund fails. */
    sandboxStore?: SandboxBankStore;
  },
): Promise<Record<PaymentProviderName, PaymentProvider | undefined>> {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const bank = config.sandbox;
  return {
    sandbox: bank
      ? createEtransactionsProvider('sandbox', sandboxEtransactionsSettings(bank), {
          fetch: sandboxBankFetch(bank, deps.sandboxStore, fetchImpl),
        })
      : undefined,
    etransactions: config.etransactions
      ? createEtransactionsProvider('etransactions', config.etransactions, { fetch: fetchImpl })
      : undefined,
    stripe: config.stripe ? await createStripeProvider(config.stripe, { fetch: deps.fetch }) : undefined,
  };
}
