import { MantineProvider } from '@psb/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPayout } from './api/payouts';
import { PayoutFormModal } from './PayoutFormModal';

jest.mock('./api/payouts', () => ({ ...jest.requireActual('./api/payouts'), createPayout: jest.fn() }));
const mockedCreate = createPayout as jest.MockedFunction<typeof createPayout>;

const renderForm = () =>
  render(
    <MantineProvider>
      <PayoutFormModal opened onClose={() => undefined} onCreated={() => undefined} />
    </MantineProvider>,
  );

describe('Buat Payout form', () => {
  it('says in Indonesian what is missing and sends nothing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Buat Payout' }));
    expect(await screen.findByText('Nama penerima wajib diisi.')).toBeInTheDocument();
    expect(screen.getByText('Bank tujuan tidak dikenal.')).toBeInTheDocument();
    expect(screen.getByText('Nomor rekening harus 5–30 digit angka.')).toBeInTheDocument();
    expect(screen.getByText('Jumlah wajib diisi.')).toBeInTheDocument();
    expect(mockedCreate).not.toHaveBeenCalled();
  });

  it('refuses notes over 100 characters and an account with letters, and shows the amount as rupiah', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /Nomor rekening/ }), '12AB5678');
    await userEvent.type(screen.getByRole('textbox', { name: /Jumlah/ }), '2500000');
    await userEvent.click(screen.getByRole('textbox', { name: /Catatan/ }));
    await userEvent.paste('x'.repeat(101));
    expect(screen.getByText('Akan dicairkan Rp. 2.500.000')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Buat Payout' }));
    expect(await screen.findByText('Catatan maksimal 100 karakter.')).toBeInTheDocument();
    expect(screen.getByText('Nomor rekening harus 5–30 digit angka.')).toBeInTheDocument();
    expect(mockedCreate).not.toHaveBeenCalled();
  });
});
