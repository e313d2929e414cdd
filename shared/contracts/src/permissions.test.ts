import { actionsOf, can, roleAllowed } from './permissions';
import type { RoleModule } from './role-modules';

const row = (name: string, flags: [0 | 1, 0 | 1, 0 | 1, 0 | 1]): RoleModule => ({
  mst_module_name: name,
  read_action: flags[0],
  insert_action: flags[1],
  update_action: flags[2],
  delete_action: flags[3],
});

describe('can (module permissions)', () => {
  const teacher = [row('Sekolah', [1, 0, 0, 0]), row('Hak Akses', [0, 0, 0, 0])];

  it('follows the flags of a listed module', () => {
    expect(can('teacher', teacher, 'Sekolah', 'read')).toBe(true);
    expect(can('teacher', teacher, 'Sekolah', 'insert')).toBe(false);
    expect(can('teacher', teacher, 'Hak Akses', 'read')).toBe(false);
    expect(actionsOf('teacher', teacher, 'Sekolah')).toEqual({
      read: true,
      insert: false,
      update: false,
      delete: false,
    });
  });

  it('gives superadmin everything, even against its rows', () => {
    expect(can('superadmin', [row('Sekolah', [0, 0, 0, 0])], 'Sekolah', 'delete')).toBe(true);
  });

  it('defaults an unlisted module to allowed for staff and denied for parents', () => {
    expect(can('teacher', teacher, 'Barang', 'delete')).toBe(true);
    expect(can('user', [], 'Barang', 'read')).toBe(false);
    expect(can(undefined, teacher, 'Sekolah')).toBe(false);
  });
});

describe('roleAllowed (route access)', () => {
  it('admits every signed-in role on "all"', () => {
    expect(roleAllowed('user', ['all'])).toBe(true);
    expect(roleAllowed(null, ['all'])).toBe(false);
  });
  it('matches equal and containing role names', () => {
    expect(roleAllowed('superadmin', ['superadmin'])).toBe(true);
    expect(roleAllowed('teacher_smp', ['teacher'])).toBe(true);
  });
  it('lets other staff roles pass teacher routes but keeps parents out', () => {
    expect(roleAllowed('bendahara', ['superadmin', 'teacher'])).toBe(true);
    expect(roleAllowed('user', ['superadmin', 'teacher'])).toBe(false);
    expect(roleAllowed('teacher', ['superadmin'])).toBe(false);
  });
});
