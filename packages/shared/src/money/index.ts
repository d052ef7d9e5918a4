export * from './admin';
export * from './rules';
export * from './schemas';
