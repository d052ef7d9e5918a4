export * from './rates';
export * from './result';
export * from './rules';
export * from './vat';
