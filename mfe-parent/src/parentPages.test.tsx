import { useSession } from '@psb/api-client/session';
import type { RegistrantSummary } from '@psb/contracts/parent';
import type { FirstPage } from '@psb/contracts/public';
import { MemoryRouter } from '@psb/router/testing';
import { MantineProvider } from '@psb/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { registrantKeys } from './common/api/registrant';
import { noticesQuery } from './dashboard/api';
import DashboardPage from './pages/DashboardPage';
import { meKeys } from './profile/api';
import { ChangePasswordForm } from './profile/ChangePasswordForm';
import { myPurchasesQuery } from './vouchers/api';

function renderWithData(
  ui: ReactNode,
  registrants: RegistrantSummary[] = [],
  { purchasesAnswered = true } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(meKeys.me('user'), {
    success: true,
    user: {
      id: 7,
      name: 'Budi Santoso',
      email: 'budi@example.id',
      phone_number: null,
      role: 'user',
      role_id: 3,
      email_verified: true,
    },
    role_modules: [],
  });
  client.setQueryData(registrantKeys.all, registrants);
  // The dashboard draws its cards once the notices and the voucher purchases have answered too.
  client.setQueryData(noticesQuery().queryKey, {
    success: true,
    result: { message: '', test_overview: '', graduation_overview: '' },
  } as unknown as FirstPage);
  if (purchasesAnswered) client.setQueryData(myPurchasesQuery().queryKey, []);
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const REGISTRANT: RegistrantSummary = {
  id: 1,
  registration_number: 'PSB-2027-SD-00001',
  name: 'Ananda Putri',
  user_id: 7,
  school_id: 1,
  school_name: 'SD Harapan Bangsa',
  school_period_id: 1,
  school_period_name: 'Gelombang 1',
  mst_class_id: 3,
  mst_class_name: 'Kelas 1',
  school_year_id: 2,
  school_year_name: '2027/2028',
  is_submit: false,
  is_verified: false,
  is_test: false,
  is_accepted: null,
  is_internal: false,
  locked: false,
  status: 'draft',
  status_note: null,
  survey_completed_at: null,
  submitted_at: null,
  created_at: '2026-11-21T00:00:00.000Z',
  updated_at: '2026-11-21T00:00:00.000Z',
  status_label: 'Sedang mengisi formulir',
  documents: {},
  missing_count: 2,
  missing: [
    { no: 22, label: 'Nama Ayah' },
    { no: 33, label: 'Negara Kelahiran' },
  ],
};

describe('parent dashboard', () => {
  it('greets the parent and shows the empty registrant state', () => {
    useSession.getState().clearAll();
    renderWithData(<DashboardPage />);
    expect(screen.getByTestId('parent-greeting')).toHaveTextContent('Selamat datang, Budi Santoso');
    expect(screen.getByText('Belum ada calon murid terdaftar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tambah Calon Murid' })).toBeEnabled();
  });

  it('shows one loading state until the notices, purchases and registrants have all answered', () => {
    useSession.getState().clearAll();
    renderWithData(<DashboardPage />, [REGISTRANT], { purchasesAnswered: false });
    expect(screen.getByTestId('parent-greeting')).toHaveTextContent('Selamat datang, Budi Santoso');
    expect(screen.getByLabelText('Memuat beranda')).toBeInTheDocument();
    expect(screen.queryByText('Ananda Putri')).not.toBeInTheDocument();
    expect(screen.queryByTestId('buy-voucher-card')).not.toBeInTheDocument();
  });

  it('lists registrants with status, school, class, number and what is missing per tab', () => {
    useSession.getState().clearAll();
    renderWithData(<DashboardPage />, [REGISTRANT]);
    expect(screen.getByText('Ananda Putri')).toBeInTheDocument();
    expect(screen.getByTestId('registration-number')).toHaveTextContent('PSB-2027-SD-00001');
    expect(screen.getByText('Sedang mengisi formulir')).toBeInTheDocument();
    expect(screen.getByText(/SD Harapan Bangsa · Kelas 1/)).toBeInTheDocument();
    expect(screen.getByText('Masih ada 2 isian wajib yang belum diisi')).toBeInTheDocument();
    expect(screen.getByText('Ayah')).toBeInTheDocument();
    expect(screen.getByText('Ibu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Submit/ })).toBeInTheDocument();
  });
});

describe('change password form', () => {
  it('checks the confirmation and the minimum length before calling the server', async () => {
    const user = userEvent.setup();
    renderWithData(<ChangePasswordForm />);
    await user.type(screen.getByLabelText('Kata sandi baru'), '12345');
    await user.type(screen.getByLabelText('Konfirmasi kata sandi baru'), '54321');
    await user.click(screen.getByRole('button', { name: 'Ubah Kata Sandi' }));
    expect(await screen.findByText('Wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Kata sandi minimal 6 karakter.')).toBeInTheDocument();
    expect(screen.getByText('Konfirmasi kata sandi tidak sama.')).toBeInTheDocument();
  });
});
