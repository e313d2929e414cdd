/** What anyone may read without signing in: the public pages, the lookups of the forms, the region lists. */
export { createFirstView } from './first-view';
export { default as publicLookupRoutes } from './lookups/routes';
export { regionIndex } from './regions/data';
export { default as regionRoutes } from './regions/routes';
export { default as publicRoutes } from './routes';
