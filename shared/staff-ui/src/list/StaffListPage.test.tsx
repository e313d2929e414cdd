import { MemoryRouter } from '@psb/router/testing';
import { Button, MantineProvider, ModalsProvider } from '@psb/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StaffListPage } from './StaffListPage';
import { useBulkAction } from './useBulkAction';

const wrap = (ui: React.ReactNode) =>
  render(
    <MantineProvider>
      <ModalsProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ModalsProvider>
    </MantineProvider>,
  );

const ARCHIVE = { activePath: '/admin/x', archivedPath: '/admin/x/nonactive' };

describe('the staff list frame', () => {
  it('links a live list to its archive and back', () => {
    const { unmount } = wrap(
      <StaffListPage
        testId="x"
        title="Data"
        description="Semua data."
        archive={{ archived: false, ...ARCHIVE }}
        filters={null}
      >
        rows
      </StaffListPage>,
    );
    expect(screen.getByRole('heading', { name: 'Data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lihat data non-aktif' })).toHaveAttribute(
      'href',
      '/admin/x/nonactive',
    );
    unmount();
    wrap(
      <StaffListPage
        testId="x"
        title="Data Non-Aktif"
        description="Diarsipkan."
        archive={{ archived: true, ...ARCHIVE }}
        filters={null}
      >
        rows
      </StaffListPage>,
    );
    expect(screen.getByRole('link', { name: 'Kembali ke daftar aktif' })).toHaveAttribute('href', '/admin/x');
  });

  it('shows the failure with a retry instead of the list', async () => {
    const retry = jest.fn();
    wrap(
      <StaffListPage
        testId="x"
        title="Data"
        description="Semua data."
        filters={null}
        failure={{ title: 'Data gagal dimuat', error: new Error('x'), retry }}
      >
        rows
      </StaffListPage>,
    );
    expect(screen.getByText('Data gagal dimuat')).toBeInTheDocument();
    expect(screen.queryByText('rows')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /coba lagi/i }));
    expect(retry).toHaveBeenCalled();
  });
});

function Bulk({ run }: { run: (ids: number[]) => Promise<{ message: string }> }) {
  const { selected, setSelected, ask } = useBulkAction<{ id: number }>();
  return (
    <>
      <Button onClick={() => setSelected([{ id: 3 }, { id: 5 }])}>Pilih</Button>
      <span>{selected.length} dipilih</span>
      <Button onClick={() => ask({ title: 'Proses?', message: (n) => `${n} data akan diproses.`, run })}>
        Proses
      </Button>
    </>
  );
}

describe('a bulk action', () => {
  it('asks with the count, sends the selected ids, then clears the selection', async () => {
    const user = userEvent.setup();
    const run = jest.fn(async () => ({ message: 'Selesai.' }));
    wrap(<Bulk run={run} />);
    await user.click(screen.getByRole('button', { name: 'Pilih' }));
    await user.click(screen.getByRole('button', { name: 'Proses' }));
    expect(await screen.findByText('2 data akan diproses.')).toBeInTheDocument();
    expect(run).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ya, lanjutkan' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith([3, 5]));
    expect(await screen.findByText('0 dipilih')).toBeInTheDocument();
  });

  it('keeps the selection when the server refuses', async () => {
    const user = userEvent.setup();
    const run = jest.fn(async () => {
      throw new Error('Tidak boleh.');
    });
    wrap(<Bulk run={run} />);
    await user.click(screen.getByRole('button', { name: 'Pilih' }));
    await user.click(screen.getByRole('button', { name: 'Proses' }));
    await user.click(await screen.findByRole('button', { name: 'Ya, lanjutkan' }));
    await waitFor(() => expect(run).toHaveBeenCalled());
    expect(screen.getByText('2 dipilih')).toBeInTheDocument();
  });
});
