/** `@psb/contracts/public`: the public pages' answers (theme, first page, lookups, regions). */
export * from '../public';
export * from '../regions';
