import { MantineProvider } from '@mantine/core';
import { schoolResource, schoolYearResource } from '@psb/contracts/resources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createRecord } from './api';
import { ResourceFormBody } from './ResourceForm';

jest.mock('./api', () => ({ ...jest.requireActual('./api'), createRecord: jest.fn() }));

function renderForm(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('resource form', () => {
  it('shows the schema messages in Indonesian and sends nothing while the input is invalid', async () => {
    const user = userEvent.setup();
    renderForm(<ResourceFormBody decl={schoolResource} record={null} onClose={() => {}} />);
    await user.type(screen.getByLabelText('NPSN'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Nama sekolah wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('NPSN harus 8 karakter angka/huruf besar.')).toBeInTheDocument();
    expect(screen.getByText('Pilih jenjang pendidikan yang tersedia.')).toBeInTheDocument();
    expect(createRecord).not.toHaveBeenCalled();
  });

  it('checks formats and the date order of the declaration', async () => {
    const user = userEvent.setup();
    renderForm(<ResourceFormBody decl={schoolYearResource} record={null} onClose={() => {}} />);
    await user.type(screen.getByLabelText(/Tahun Ajaran/), '2027-2028');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Tahun ajaran ditulis seperti 2027/2028.')).toBeInTheDocument();
    expect(screen.getByText('Tanggal mulai harus berupa tanggal (YYYY-MM-DD).')).toBeInTheDocument();
  });

  it('starts an edit form from the record', () => {
    renderForm(
      <ResourceFormBody
        decl={schoolResource}
        record={{
          id: 5,
          name: 'SMP Harapan',
          npsn: '20219876',
          level: 'SMP',
          school_location_id: null,
          address: 'Jl. Merdeka',
        }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByLabelText(/Nama Sekolah/)).toHaveValue('SMP Harapan');
    expect(screen.getByLabelText('Alamat')).toHaveValue('Jl. Merdeka');
  });
});
