export * from './address';
export * from './custom';
export * from './format';
export * from './options';
export * from './questions';
export * from './rules';
export * from './types';
