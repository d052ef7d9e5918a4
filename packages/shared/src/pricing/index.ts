export * from './result';
export * from './rules';
