export * from './config';
export { BANK_PUBLIC_KEY_PEM, rawQueryOf } from './etransactions-ipn';
export { BankRefundError } from './etransactions-refund';
export * from './provider';
export { createPaymentProviders } from './providers';
export { createSandboxBank, type SandboxBank, type SandboxBankOptions, sandboxBankRoutes } from './sandbox-bank';
export type { StripeSettings } from './stripe';
