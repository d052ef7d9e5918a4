export * from './contact';
export * from './follows';
export * from './history';
export * from './profile';
export * from './refund';
export * from './sessions';
export * from './settings';
