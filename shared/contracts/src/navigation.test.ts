import { isModuleName, MODULE_NAMES } from './module-groups';
import { ROUTES } from './navigation';
import { REPORT_NAMES, REPORTS } from './reports';
import { CONSOLE_CATALOG } from './resources/catalog';
import { ADMIN_NAV, ADMIN_NAV_GROUPS, moduleLabel, noAccessMessage, RESOURCE_NAV_GROUP } from './sidebar';

describe('navigation tables', () => {
  it('name only known permission modules', () => {
    for (const group of ADMIN_NAV)
      for (const i of group.items) for (const m of i.modules) expect(isModuleName(m)).toBe(true);
    for (const r of ROUTES) for (const m of r.modules ?? []) expect(isModuleName(m)).toBe(true);
  });
  it('has every module of the spec exactly once, and Data Sensitif', () => {
    expect(new Set(MODULE_NAMES).size).toBe(MODULE_NAMES.length);
    expect(MODULE_NAMES).toHaveLength(48);
    expect(MODULE_NAMES).toContain('Data Sensitif');
  });
  it('has unique paths', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const navPaths = ADMIN_NAV.flatMap((g) => g.items.map((i) => i.path));
    expect(new Set(navPaths).size).toBe(navPaths.length);
  });
});

describe('admin sidebar', () => {
  const navItems = ADMIN_NAV.flatMap((g) => g.items.map((i) => ({ ...i, group: g.label })));

  it('has an entry for every routed resource list, with the catalog label, module and its group', () => {
    const routedLists = ROUTES.filter((r) => CONSOLE_CATALOG.some((c) => c.adminPath === r.path));
    expect(routedLists).toHaveLength(CONSOLE_CATALOG.length);
    for (const route of routedLists) {
      const entry = CONSOLE_CATALOG.find((c) => c.adminPath === route.path)!;
      expect(navItems.filter((i) => i.path === route.path)).toEqual([
        {
          label: entry.label,
          path: route.path,
          remote: route.remote,
          modules: route.modules,
          roles: route.roles,
          group: RESOURCE_NAV_GROUP[entry.name],
        },
      ]);
    }
  });

  it('lists the finance resources (Jurnal, COA, Resp) under Keuangan with their module', () => {
    const keuangan = ADMIN_NAV.find((g) => g.label === 'Keuangan')!;
    expect(keuangan.items.map((i) => [i.path, ...i.modules])).toEqual([
      ['/admin/mst_jurnal', 'Jenis Finansial'],
      ['/admin/mst_coa', 'Jenis Finansial'],
      ['/admin/mst_resp', 'Jenis Finansial'],
    ]);
  });

  it('groups the payment master data under Data Pembayaran, served by mfe-payments', () => {
    const group = ADMIN_NAV.find((g) => g.label === 'Data Pembayaran')!;
    expect(group.items.map((i) => [i.path, ...i.modules, i.remote])).toEqual([
      ['/admin/mst_type_payment', 'Tipe Pembayaran', 'mfe_payments'],
      ['/admin/mst_payment', 'Tipe Pembayaran', 'mfe_payments'],
      ['/admin/mst_additional_payment', 'Pembayaran Tambahan', 'mfe_payments'],
      ['/admin/school_payment', 'Pembayaran per Periode Pendaftaran', 'mfe_payments'],
      ['/admin/setup_payment', 'Pembayaran per Periode Pendaftaran', 'mfe_payments'],
      ['/admin/convenience_fee', 'Biaya Admin', 'mfe_payments'],
    ]);
    for (const i of group.items) {
      expect(ROUTES.find((r) => r.path === i.path)?.remote).toBe('mfe_payments');
      expect(ROUTES.find((r) => r.path === `${i.path}/nonactive`)?.remote).toBe('mfe_payments');
    }
  });

  it('keeps the declared pages that are not resources, each group in the declared order', () => {
    expect(ADMIN_NAV.map((g) => g.label)).toEqual([...ADMIN_NAV_GROUPS]);
    for (const path of ['/admin/role_modules', '/admin/role_school', '/admin/registrant', '/admin/faq'])
      expect(navItems.some((i) => i.path === path)).toBe(true);
  });
});

describe('what a page needs', () => {
  it('is declared once, on its route, and every sidebar entry carries exactly that', () => {
    for (const i of ADMIN_NAV.flatMap((g) => g.items)) {
      const route = ROUTES.find((r) => r.path === i.path)!;
      expect(i.modules).toEqual(route.modules);
      expect(i.remote).toBe(route.remote);
      expect(i.roles).toEqual(route.roles);
    }
  });

  it('lists the pickers the test pages cannot work without', () => {
    const entry = (label: string) => ADMIN_NAV.flatMap((g) => g.items).find((i) => i.label === label)!;
    expect(entry('Jadwal Tes/Observasi').modules).toEqual([
      'Jadwal Tes/Observasi',
      'Periode Pendaftaran',
      'Tipe Tes',
    ]);
    expect(entry('Penilaian Tes').modules).toEqual(['Penilaian Tes', 'Data Tes']);
  });
});

describe('noAccessMessage', () => {
  it('names the missing modules as staff know them, in one sentence', () => {
    expect(noAccessMessage(['Tipe Tes'])).toBe('Anda tidak memiliki akses ke Tipe Tes.');
    expect(noAccessMessage(['Token', 'Tipe Tes', 'Data Tes'])).toBe(
      'Anda tidak memiliki akses ke Voucher, Tipe Tes dan Data Tes.',
    );
  });
});

describe('moduleLabel', () => {
  it('names a module by the sidebar label of its one page, else by itself', () => {
    expect(moduleLabel('Contact')).toBe('Kontak');
    expect(moduleLabel('Panduan PSB')).toBe('Panduan');
    expect(moduleLabel('Laporan')).toBe('Laporan');
    expect(moduleLabel('Calon Murid')).toBe('Calon Murid');
  });
});

describe('report pages', () => {
  it('route every declared report to mfe-reports under Laporan, with its title', () => {
    const pages = ROUTES.filter((r) => r.remote === 'mfe_reports');
    expect(pages.map((r) => [r.path, r.title, r.modules])).toEqual(
      REPORT_NAMES.map((n) => [`/admin/report/${n}`, REPORTS[n].title, ['Laporan']]),
    );
    const group = ADMIN_NAV.find((g) => g.label === 'Laporan')!;
    expect(group.items.map((i) => i.path)).toEqual(pages.map((r) => r.path));
  });
});

describe('the admin sidebar, derived from the pages', () => {
  it('is the resource lists of each group, then the pages that declare an entry in it, in their order', () => {
    for (const group of ADMIN_NAV) {
      const lists = CONSOLE_CATALOG.filter((r) => RESOURCE_NAV_GROUP[r.name] === group.label).map(
        (r) => r.adminPath,
      );
      const declared = ROUTES.filter((r) => r.nav?.group === group.label)
        .sort((a, b) => a.nav!.order - b.nav!.order)
        .map((r) => r.path);
      expect(group.items.map((i) => i.path)).toEqual([...lists, ...declared]);
    }
  });
  it('labels an entry by its page title unless the page declares a shorter label', () => {
    const items = new Map(ADMIN_NAV.flatMap((g) => g.items).map((i) => [i.path, i.label]));
    for (const r of ROUTES.filter((route) => route.nav))
      expect(items.get(r.path)).toBe(r.nav!.label ?? r.title);
    expect(items.get('/admin/registrant/nonactive')).toBe('Data Non-Aktif');
  });
  it('gives no two entries of a group the same place', () => {
    for (const label of ADMIN_NAV_GROUPS) {
      const orders = ROUTES.filter((r) => r.nav?.group === label).map((r) => r.nav!.order);
      expect(new Set(orders).size).toBe(orders.length);
    }
  });
});
