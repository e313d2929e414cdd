import { MantineProvider } from '@mantine/core';
import { schoolPaymentResource, schoolResource, schoolYearResource } from '@psb/contracts/resources';
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

/** The chosen values of the multi-selects: their pills' labels. */
const pills = (container: HTMLElement) =>
  [...container.querySelectorAll('.mantine-Pill-label')].map((p) => p.textContent);

describe('multi-select fields', () => {
  it('starts from the declared choices', () => {
    const { container } = renderForm(
      <ResourceFormBody decl={schoolPaymentResource} record={null} onClose={() => {}} />,
    );
    expect(pills(container)).toEqual([
      'BCA Virtual Account',
      'BNI Virtual Account',
      'BRI Virtual Account',
      'Mandiri Bill Payment',
      'Permata Virtual Account',
    ]);
  });

  it('starts an edit form from the stored array', () => {
    const { container } = renderForm(
      <ResourceFormBody
        decl={schoolPaymentResource}
        record={{ id: 3, school_period_id: 1, mst_type_payment_id: 2, channels: ['qris'] }}
        onClose={() => {}}
      />,
    );
    expect(pills(container)).toEqual(['QRIS']);
  });
});
