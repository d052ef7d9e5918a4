export * from './config';
export { rawQueryOf } from './etransactions-ipn';
export * from './provider';
export { createPaymentProviders } from './providers';
export { sandboxBankRoutes } from './sandbox-bank';
export { createSandboxBankStore } from './sandbox-bank-store';
