import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useSession } from '@psb/api-client/session';
import type { RoleModule } from '@psb/contracts/core';
import { MODULE_NAMES } from '@psb/contracts/module-groups';
import { schoolResource, schoolYearResource } from '@psb/contracts/resources';
import { MemoryRouter } from '@psb/router/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { fetchList } from './api';
import { ResourceListPage } from './ResourceListPage';

jest.mock('./api', () => ({
  ...jest.requireActual('./api'),
  fetchList: jest.fn(),
}));
const mockedFetchList = fetchList as jest.MockedFunction<typeof fetchList>;

const row = (over: Record<string, unknown>) => ({
  id: 1,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  deleted_at: null,
  ...over,
});

function signIn(role: string, flags: Partial<Record<string, [number, number, number, number]>> = {}) {
  const role_modules: RoleModule[] = MODULE_NAMES.map((m) => {
    const [r, i, u, d] = flags[m] ?? [0, 0, 0, 0];
    return {
      mst_module_name: m,
      read_action: r as 0 | 1,
      insert_action: i as 0 | 1,
      update_action: u as 0 | 1,
      delete_action: d as 0 | 1,
    };
  });
  useSession.getState().setAdminSession({
    user: { id: 1, name: 'Staf', email: 'staf@contoh.id', phone_number: null, role },
    token: 't',
    role_modules,
  });
}

function renderPage(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  mockedFetchList.mockReset();
  useSession.getState().clearAll();
});

describe('resource list page', () => {
  it('shows the rows with formatted cells and, for a superadmin, every action', async () => {
    mockedFetchList.mockResolvedValue({
      success: true,
      data: [
        row({ id: 7, name: '2027/2028', start_date: '2027-07-01', end_date: '2028-06-30', is_active: true }),
      ],
      total: 1,
      page: 1,
      page_size: 25,
    });
    signIn('superadmin');
    renderPage(<ResourceListPage decl={schoolYearResource} />);
    const table = await screen.findByTestId('resource-table');
    expect(await within(table).findByText('2027/2028')).toBeInTheDocument();
    expect(within(table).getByText('1 Juli 2027')).toBeInTheDocument();
    expect(within(table).getByText('Ya')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tambah Tahun Ajaran' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ubah 2027/2028' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arsipkan 2027/2028' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ekspor Excel' })).toBeInTheDocument();
    expect(mockedFetchList).toHaveBeenCalledWith(
      schoolYearResource,
      expect.objectContaining({
        page: 1,
        sort: { column: 'start_date', direction: 'desc' },
        archived: false,
      }),
    );
  });

  it('hides create, edit and archive from a role that may only read', async () => {
    mockedFetchList.mockResolvedValue({
      success: true,
      data: [row({ id: 3, name: 'SD Harapan', npsn: null, level: 'SD', address: null })],
      total: 1,
      page: 1,
      page_size: 25,
    });
    signIn('teacher', { Sekolah: [1, 0, 0, 0] });
    renderPage(<ResourceListPage decl={schoolResource} />);
    const table = await screen.findByTestId('resource-table');
    expect(await within(table).findByText('SD Harapan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tambah/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ubah/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Arsipkan/ })).not.toBeInTheDocument();
    // Reading allows the archived list and the export.
    expect(screen.getByRole('link', { name: 'Data Non-Aktif' })).toHaveAttribute(
      'href',
      '/admin/school/nonactive',
    );
    expect(screen.getByRole('button', { name: 'Ekspor Excel' })).toBeInTheDocument();
  });

  it('shows only Restore on the archived list, to a role that may update', async () => {
    mockedFetchList.mockResolvedValue({
      success: true,
      data: [row({ id: 3, name: 'SD Lama', npsn: null, level: 'SD', deleted_at: '2026-11-20T03:00:00Z' })],
      total: 1,
      page: 1,
      page_size: 25,
    });
    signIn('teacher', { Sekolah: [1, 0, 1, 0] });
    renderPage(<ResourceListPage decl={schoolResource} archived />);
    expect(await screen.findByRole('button', { name: 'Pulihkan SD Lama' })).toBeInTheDocument();
    expect(screen.getByText('Data Sekolah Non-Aktif')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ubah/ })).not.toBeInTheDocument();
    expect(mockedFetchList).toHaveBeenCalledWith(schoolResource, expect.objectContaining({ archived: true }));
  });

  it('says so when there are no rows, and refuses a role without read', async () => {
    mockedFetchList.mockResolvedValue({ success: true, data: [], total: 0, page: 1, page_size: 25 });
    signIn('superadmin');
    const { unmount } = renderPage(<ResourceListPage decl={schoolResource} />);
    expect(await screen.findByText('Belum ada data.')).toBeInTheDocument();
    unmount();

    signIn('teacher', { Sekolah: [0, 0, 0, 0] });
    renderPage(<ResourceListPage decl={schoolResource} />);
    expect(screen.getByText('Anda tidak memiliki akses ke Sekolah.')).toBeInTheDocument();
  });
});
