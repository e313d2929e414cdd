import { MantineProvider } from '@mantine/core';
import { queryKeys, useSession } from '@psb/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import DashboardPage from './dashboard/DashboardPage';
import { ChangePasswordForm } from './profile/ChangePasswordForm';

function renderWithData(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(queryKeys.me('user'), {
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
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('parent dashboard', () => {
  it('greets the parent and shows the empty registrant state', () => {
    useSession.getState().clearAll();
    renderWithData(<DashboardPage />);
    expect(screen.getByTestId('parent-greeting')).toHaveTextContent('Selamat datang, Budi Santoso');
    expect(screen.getByText('Belum ada calon murid terdaftar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tambah Calon Murid' })).toBeDisabled();
  });
});

describe('change password form', () => {
  it('checks the confirmation and the minimum length before calling the server', async () => {
    const user = userEvent.setup();
    renderWithData(<ChangePasswordForm />);
    await user.type(screen.getByLabelText('Password baru'), '12345');
    await user.type(screen.getByLabelText('Konfirmasi password baru'), '54321');
    await user.click(screen.getByRole('button', { name: 'Ubah Password' }));
    expect(await screen.findByText('Wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Password minimal 6 karakter.')).toBeInTheDocument();
    expect(screen.getByText('Konfirmasi password tidak sama.')).toBeInTheDocument();
  });
});
