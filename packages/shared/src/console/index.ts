export * from './schemas';
export * from './follow-up';
