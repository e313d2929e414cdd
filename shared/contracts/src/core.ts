/**
 * `@psb/contracts/core`: the part of the contracts a front end needs to boot — the permission actions and
 * roles, the permission helpers, tenant parsing, the navigation and route tables, the registry's shape and plain
 * constants. Nothing here loads zod: the package index (`@psb/contracts`) evaluates every schema of the api
 * contract, which the shell and the home page do not need. Pages that validate forms import the index
 * lazily. A federation singleton, which the shell bundles into its entry chunk (see shared/build): all of
 * it is on every first load, so the list of permission modules is not here but in
 * `@psb/contracts/module-groups` (for the roles screen).
 *
 * Keep it zod-free: a value import of a schema file here would bring zod back onto every first load.
 * Types from schema files are fine (`export type` is erased).
 */
export * from './constants';
export * from './markdown-html';
export * from './modules';
export * from './navigation';
export * from './permissions';
export type { RemoteRegistry } from './registry';
export {
  CONSOLE_CATALOG,
  type ConsoleResourceName,
  RESOURCE_CATALOG,
  type ResourceCatalogEntry,
} from './resources/catalog';
export type { RoleModule } from './role-modules';
export * from './roles';
export { formatRupiah } from './rupiah';
export * from './sidebar';
export * from './tenant';
export * from './waiting-line';
export * from './wib-date';
