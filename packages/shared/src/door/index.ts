export * from './checkin';
export * from './manual-sale';
export * from './staff';
