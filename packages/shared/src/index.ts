export * from './auth/schemas';
export * from './events/schemas';
export * from './messages/fr';
export * from './rules/age';
export * from './rules/email';
export * from './rules/money';
export * from './rules/password';
