import type { NavGroup, RemoteName, RoleModule, RouteEntry } from '@psb/contracts/core';
import { MODULE_NAMES } from '@psb/contracts/module-groups';
import { visibleAdminNav, visibleParentNav, visiblePublicNav } from './navFilters';

const routes: RouteEntry[] = [
  { path: '/', remote: 'mfe_public', area: 'public', title: 'Beranda' },
  { path: '/contact1', remote: 'mfe_public', area: 'public', title: 'Kontak' },
  { path: '/home', remote: 'mfe_parent', area: 'parent', roles: ['all'], title: 'Beranda' },
  {
    path: '/announcement',
    remote: 'mfe_parent',
    area: 'parent',
    roles: ['all'],
    modules: ['Pengumuman'],
    title: 'Pengumuman',
  },
  {
    path: '/admin/token',
    remote: 'mfe_payments',
    area: 'admin',
    roles: ['superadmin', 'teacher'],
    title: 'Voucher',
  },
  {
    path: '/admin/user',
    remote: 'mfe_master_data',
    area: 'admin',
    roles: ['superadmin', 'teacher'],
    title: 'Pengguna',
  },
  {
    path: '/admin/registrant/legger',
    remote: 'mfe_registrants',
    area: 'admin',
    roles: ['superadmin'],
    title: 'Legger',
  },
];
const groups: NavGroup[] = [
  {
    label: 'Manajemen Data',
    items: [
      { label: 'Voucher', path: '/admin/token', modules: ['Token'], remote: 'mfe_payments' },
      { label: 'Pengguna', path: '/admin/user', modules: ['Pengguna'], remote: 'mfe_master_data' },
      { label: 'Barang', path: '/admin/mst_item', modules: ['Barang'], remote: 'mfe_master_data' },
    ],
  },
  {
    label: 'Manajemen Murid',
    items: [
      {
        label: 'Legger Murid',
        path: '/admin/registrant/legger',
        modules: ['Legger Murid'],
        remote: 'mfe_registrants',
        roles: ['superadmin'],
      },
    ],
  },
];
const flags = (module: string, read: 0 | 1): RoleModule => ({
  mst_module_name: module,
  read_action: read,
  insert_action: 0,
  update_action: 0,
  delete_action: 0,
});
const all = new Set<RemoteName>(['mfe_payments', 'mfe_master_data', 'mfe_registrants']);
const labels = (result: NavGroup[]) => result.flatMap((g) => g.items.map((i) => i.label));

describe('admin sidebar', () => {
  it('hides an entry whose module the role may not read', () => {
    const result = visibleAdminNav({
      role: 'teacher',
      roleModules: [flags('Token', 0)],
      registered: all,
      routes,
      groups,
    });
    expect(labels(result)).toEqual(['Pengguna']);
  });

  it('hides an entry whose remote is not in the registry', () => {
    const registered = new Set<RemoteName>(['mfe_master_data', 'mfe_registrants']);
    const result = visibleAdminNav({ role: 'superadmin', roleModules: [], registered, routes, groups });
    expect(labels(result)).toEqual(['Pengguna', 'Legger Murid']);
  });

  it('hides an entry without a routed page and drops empty groups', () => {
    const result = visibleAdminNav({ role: 'teacher', roleModules: [], registered: all, routes, groups });
    expect(result.map((g) => g.label)).toEqual(['Manajemen Data']);
    expect(labels(result)).toEqual(['Voucher', 'Pengguna']); // Barang has no page; the legger is superadmin only
  });

  it('shows everything routed and deployed to the superadmin', () => {
    const result = visibleAdminNav({
      role: 'superadmin',
      roleModules: [flags('Token', 0)],
      registered: all,
      routes,
      groups,
    });
    expect(labels(result)).toEqual(['Voucher', 'Pengguna', 'Legger Murid']);
  });
});

describe('admin sidebar from the navigation table', () => {
  const registered = new Set<RemoteName>(['mfe_tests', 'mfe_master_data', 'mfe_registrants']);
  const testPages = (roleModules: RoleModule[]) =>
    labels(visibleAdminNav({ role: 'teacher', roleModules, registered })).filter((l) =>
      ['Jadwal Tes/Observasi', 'Penilaian Tes'].includes(l),
    );
  const only = (readable: string[]) => MODULE_NAMES.map((m) => flags(m, readable.includes(m) ? 1 : 0));

  it('shows a test page only with read on every module its route declares', () => {
    // The teacher's old rights: the schedule's own module, but not the test types its picker needs.
    expect(testPages(only(['Jadwal Tes/Observasi', 'Periode Pendaftaran', 'Penilaian Tes']))).toEqual([]);
    expect(
      testPages(only(['Jadwal Tes/Observasi', 'Periode Pendaftaran', 'Tipe Tes', 'Penilaian Tes'])),
    ).toEqual(['Jadwal Tes/Observasi']);
    expect(
      testPages(
        only(['Jadwal Tes/Observasi', 'Periode Pendaftaran', 'Tipe Tes', 'Penilaian Tes', 'Data Tes']),
      ),
    ).toEqual(['Jadwal Tes/Observasi', 'Penilaian Tes']);
  });
});

describe('parent and public navbars', () => {
  it('shows parent entries only with read on their module', () => {
    expect(visibleParentNav({ role: 'user', roleModules: [], routes }).map((e) => e.label)).toEqual(['Home']);
    const readable = [flags('Pengumuman', 1)];
    expect(visibleParentNav({ role: 'user', roleModules: readable, routes }).map((e) => e.label)).toEqual([
      'Home',
      'Pengumuman',
    ]);
  });

  it('shows public entries whose page exists', () => {
    expect(visiblePublicNav(routes).map((e) => e.label)).toEqual(['Home', 'Contact']);
  });
});
