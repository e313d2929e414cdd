import type { PublicConvenienceFee } from '@psb/contracts/payment-setup';
import { MantineProvider } from '@psb/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activeFeesQuery } from './api/activeFees';
import { FeeCalculator } from './FeeCalculator';

const fee = (over: Partial<PublicConvenienceFee>): PublicConvenienceFee => ({
  id: 1,
  name: 'Biaya',
  channel: 'bca',
  fee_type: 'flat',
  flat_amount: 0,
  percent_bp: 0,
  min_amount: null,
  max_amount: null,
  ...over,
});

/** The active fees as the server would answer them, already in the cache the calculator reads. */
function renderCalculator(fees: PublicConvenienceFee[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(activeFeesQuery().queryKey, fees);
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <FeeCalculator />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('admin fee calculator', () => {
  it('shows total, fee and what is paid for the chosen channel, as rupiah', async () => {
    const user = userEvent.setup();
    renderCalculator([
      fee({ id: 1, channel: 'bca', flat_amount: 4000 }),
      fee({ id: 2, channel: 'qris', fee_type: 'percent', percent_bp: 70, min_amount: 1000 }),
    ]);
    const result = await screen.findByText('Biaya Admin Rp. 4.000');
    expect(result.parentElement).toHaveTextContent(
      'Total Rp. 1.000.000Biaya Admin Rp. 4.000Dibayar Rp. 1.004.000',
    );
    await user.click(screen.getByRole('combobox', { name: 'Kanal pembayaran' }));
    await user.click(await screen.findByRole('option', { name: 'QRIS', hidden: true }));
    const total = screen.getByRole('textbox', { name: 'Total tagihan' });
    // Typed as staff see it (the input formats with a Rp. prefix and thousand dots).
    fireEvent.change(total, { target: { value: 'Rp. 1.250.001' } });
    await waitFor(() =>
      expect(screen.getByTestId('calculator-result')).toHaveTextContent(
        'Total Rp. 1.250.001Biaya Admin Rp. 8.751Dibayar Rp. 1.258.752',
      ),
    );
  });

  it('says so when no fee is active', async () => {
    renderCalculator([]);
    expect(await screen.findByText('Belum ada biaya admin yang aktif.')).toBeInTheDocument();
  });
});
