export * from './config';
export { rawQueryOf } from './etransactions-ipn';
export * from './provider';
export { createPaymentProviders } from './providers';
export { sandboxBankRoutes } from './sandbox-bank';
export { createSandboxBankStore, type SandboxBankStore } from './sandbox-bank-store';
