export * from './follow-up';
export * from './schemas';
