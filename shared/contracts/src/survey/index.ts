export * from './address';
export * from './format';
export * from './options';
export * from './questions';
export * from './rules';
export * from './sample';
export * from './summary';
export * from './types';
