export * from './contact';
export * from './follows';
export * from './history';
export * from './profile';
export * from './refund';
export * from './settings';
