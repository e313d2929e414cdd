import { MODULE_NAMES } from '@psb/contracts/module-groups';
import { sameMatrix, setFlags, state, toBody, toMatrix } from './matrix';

describe('permission matrix', () => {
  const stored = toMatrix([
    { mst_module_name: 'Sekolah', read_action: 1, insert_action: 0, update_action: 0, delete_action: 0 },
  ]);

  it('covers every module, unchecked unless the server says otherwise', () => {
    expect(Object.keys(stored)).toHaveLength(MODULE_NAMES.length);
    expect(stored.Sekolah).toEqual({ read: true, insert: false, update: false, delete: false });
    expect(stored.Kelas).toEqual({ read: false, insert: false, update: false, delete: false });
  });

  it('selects a whole column, and granting a change grants read too', () => {
    const m = setFlags(stored, MODULE_NAMES, ['insert'], true);
    expect(state(m, MODULE_NAMES, ['insert'])).toEqual({ checked: true, indeterminate: false });
    expect(m.Kelas?.read).toBe(true);
    expect(state(stored, MODULE_NAMES, ['read'])).toEqual({ checked: false, indeterminate: true });
  });

  it('selects a whole row and sends every module with 1/0 flags', () => {
    const m = setFlags(stored, ['Kelas'], ['read', 'insert', 'update', 'delete'], true);
    const body = toBody(m);
    expect(body).toHaveLength(MODULE_NAMES.length);
    expect(body.find((b) => b.mst_module_name === 'Kelas')).toEqual({
      mst_module_name: 'Kelas',
      read_action: 1,
      insert_action: 1,
      update_action: 1,
      delete_action: 1,
    });
    expect(sameMatrix(m, stored)).toBe(false);
    expect(sameMatrix(toMatrix(toBody(m)), m)).toBe(true);
  });
});
