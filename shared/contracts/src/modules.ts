import type { MODULE_GROUPS } from './module-groups';

/**
 * Permission module names (the list itself, by group, is in module-groups.ts: only the roles screen and the
 * server need it, so it stays out of the boot path). Each staff endpoint and each navigation entry names one
 * of these; the server stores one role_modules row per (role, module).
 */
export type ModuleName = (typeof MODULE_GROUPS)[keyof typeof MODULE_GROUPS][number];

export const ACTIONS = ['read', 'insert', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
