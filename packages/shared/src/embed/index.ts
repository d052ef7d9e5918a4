export * from './domains';
export * from './schemas';
