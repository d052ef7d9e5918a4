export * from './catalogue';
export * from './cup-quantities';
export * from './quote';
export * from './schemas';
