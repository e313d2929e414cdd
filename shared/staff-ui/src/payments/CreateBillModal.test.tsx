import { MantineProvider } from '@psb/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type BillChoice, CreateBillModal } from './CreateBillModal';
import { paymentTypesQuery } from './paymentTypes';

/** The payment types as the server would answer them, already in the cache the picker reads. */
function renderModal(props: Partial<Parameters<typeof CreateBillModal>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(paymentTypesQuery().queryKey, [
    { id: 7, name: 'Uang Pangkal' },
    { id: 9, name: 'SPP Juli' },
  ]);
  const onCreate = jest.fn<Promise<void>, [BillChoice, Record<string, unknown>]>(async () => {});
  const onClose = jest.fn();
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <CreateBillModal
          title="Buat Tagihan"
          intro="Tagihan untuk Ananda."
          onCreate={onCreate}
          onClose={onClose}
          {...props}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onCreate, onClose };
}

describe('the bill form', () => {
  it('asks for a payment type before it sends anything', async () => {
    const user = userEvent.setup();
    const { onCreate, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Buat Tagihan' }));
    expect(await screen.findByText('Pilih jenis pembayaran.')).toBeInTheDocument();
    expect(onCreate).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the chosen type, publishes and notifies by default, and closes once the bill is made', async () => {
    const user = userEvent.setup();
    const { onCreate, onClose } = renderModal({ typeId: 9 });
    await user.click(screen.getByRole('button', { name: 'Buat Tagihan' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCreate).toHaveBeenCalledWith(
      { mst_type_payment_id: 9, is_submit: true, send_notification: true, generate_va: false },
      {},
    );
  });

  it('does not notify a parent of a bill that is not published', async () => {
    const user = userEvent.setup();
    const { onCreate } = renderModal({ typeId: 7 });
    await user.click(screen.getByRole('checkbox', { name: 'Langsung terbitkan (orang tua dapat melihat)' }));
    expect(screen.getByRole('checkbox', { name: 'Beri tahu orang tua' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Biaya (opsional, rupiah)' }), '150000');
    await user.click(screen.getByRole('button', { name: 'Buat Tagihan' }));
    await waitFor(() =>
      expect(onCreate).toHaveBeenCalledWith(
        {
          mst_type_payment_id: 7,
          cost: 150000,
          is_submit: false,
          send_notification: false,
          generate_va: false,
        },
        {},
      ),
    );
  });

  it('keeps the form open when the server refuses', async () => {
    const user = userEvent.setup();
    const onCreate = jest.fn(async () => {
      throw new Error('Tagihan jenis ini sudah ada.');
    });
    const { onClose } = renderModal({ typeId: 7, onCreate });
    await user.click(screen.getByRole('button', { name: 'Buat Tagihan' }));
    await waitFor(() => expect(onCreate).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Buat Tagihan' })).toBeInTheDocument();
  });
});
