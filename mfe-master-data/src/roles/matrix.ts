import { ACTIONS, type Action, type RoleModule } from '@psb/contracts/core';
import { MODULE_NAMES } from '@psb/contracts/module-groups';

/** Module name → its four flags, in ACTIONS order (read, insert, update, delete). */
export type Matrix = Record<string, Record<Action, boolean>>;

export const ACTION_LABELS: Record<Action, string> = {
  read: 'Baca',
  insert: 'Tambah',
  update: 'Ubah',
  delete: 'Hapus',
};

const none = (): Record<Action, boolean> => ({ read: false, insert: false, update: false, delete: false });

/** Every module of the spec, with the flags the server returned (absent ones unchecked). */
export function toMatrix(list: readonly RoleModule[]): Matrix {
  const m: Matrix = Object.fromEntries(MODULE_NAMES.map((name) => [name, none()]));
  for (const entry of list)
    m[entry.mst_module_name] = {
      read: entry.read_action === 1,
      insert: entry.insert_action === 1,
      update: entry.update_action === 1,
      delete: entry.delete_action === 1,
    };
  return m;
}

/** The body of POST /role_module/{role}: every module with 1/0 flags. */
export function toBody(m: Matrix): RoleModule[] {
  return MODULE_NAMES.map((name) => {
    const f = m[name] ?? none();
    return {
      mst_module_name: name,
      read_action: f.read ? 1 : 0,
      insert_action: f.insert ? 1 : 0,
      update_action: f.update ? 1 : 0,
      delete_action: f.delete ? 1 : 0,
    };
  });
}

/**
 * Sets flags of some modules × actions. Granting insert, update or delete grants read too (a module one may
 * change but not see is useless); taking read away leaves the others as they are.
 */
export function setFlags(
  m: Matrix,
  modules: readonly string[],
  actions: readonly Action[],
  on: boolean,
): Matrix {
  const next: Matrix = { ...m };
  for (const name of modules) {
    const f = { ...(next[name] ?? none()) };
    for (const a of actions) f[a] = on;
    if (on && actions.some((a) => a !== 'read')) f.read = true;
    next[name] = f;
  }
  return next;
}

/** all / some / none of the given cells are checked (for select-all boxes). */
export function state(m: Matrix, modules: readonly string[], actions: readonly Action[]) {
  let on = 0;
  for (const name of modules) for (const a of actions) if (m[name]?.[a]) on++;
  const total = modules.length * actions.length;
  return { checked: total > 0 && on === total, indeterminate: on > 0 && on < total };
}

export const sameMatrix = (a: Matrix, b: Matrix) =>
  MODULE_NAMES.every((name) => ACTIONS.every((x) => a[name]?.[x] === b[name]?.[x]));
