import { errorMessage } from '@psb/api-client/http';
import { type BillView, CHANNEL_INFO, type Channel } from '@psb/contracts/payments';
import { DateField, useModuleActions } from '@psb/resource-ui';
import { Button, Group, modals, NumberInput, notify, Select, Stack, Text, Textarea } from '@psb/ui';
import { useState } from 'react';
import {
  approvePayment,
  deleteBill,
  openCharge,
  publishBill,
  resetBill,
  sendExpired,
  splitBill,
} from './api/bills';

type Done = (message?: string) => Promise<void>;

/** Runs an action, reporting its message or its error; the drawer and list refresh after it. */
const run = async (fn: () => Promise<{ message?: string } | unknown>, done: Done, fallback: string) => {
  try {
    const res = (await fn()) as { message?: string } | undefined;
    await done(res?.message ?? fallback);
  } catch (err) {
    notify.error(errorMessage(err));
  }
};

/** A modal asking for a reason (and optionally more) before an action that must say why. */
function askReason(
  title: string,
  confirm: string,
  onConfirm: (reason: string) => Promise<void>,
  danger = false,
) {
  let reason = '';
  modals.openConfirmModal({
    title,
    children: (
      <Textarea
        label="Alasan"
        required
        minRows={2}
        onChange={(e) => (reason = e.currentTarget.value)}
        data-autofocus
      />
    ),
    labels: { confirm, cancel: 'Batal' },
    confirmProps: { color: danger ? 'red' : undefined },
    onConfirm: () => {
      if (reason.trim().length < 3) notify.error('Alasan wajib diisi (minimal 3 karakter).');
      else void onConfirm(reason.trim());
    },
  });
}

/** What staff can do with a bill, offered by its state and their permissions. */
export function BillActions({
  bill,
  onChanged,
  onDeleted,
}: {
  bill: BillView;
  onChanged: Done;
  onDeleted: () => void;
}) {
  const can = useModuleActions('Pembayaran');
  const [channel, setChannel] = useState<Channel>(bill.channels[0]!);
  const [count, setCount] = useState<number | string>(3);
  const [firstDue, setFirstDue] = useState(bill.due_date ?? '');
  const [method, setMethod] = useState<'cash' | 'transfer'>('cash');
  const open = bill.state === 'published' || bill.state === 'partially_paid';
  const unpaid = bill.paid_amount === 0 && bill.state !== 'cancelled';
  const expired = bill.installments.some((i) => !i.paid_at && i.charge?.is_expired);
  return (
    <Stack gap="xs" data-testid="bill-actions">
      {can.update && bill.state === 'draft' && (
        <Button onClick={() => void run(() => publishBill(bill.id), onChanged, 'Tagihan diterbitkan.')}>
          Terbitkan
        </Button>
      )}
      {can.update && open && (
        <Group align="flex-end" gap="xs">
          <Select
            label="Metode"
            data={bill.channels.map((c) => ({ value: c, label: CHANNEL_INFO[c].label }))}
            value={channel}
            onChange={(v) => v && setChannel(v as Channel)}
            allowDeselect={false}
            w={240}
          />
          <Button
            variant="light"
            onClick={() =>
              void run(() => openCharge(bill.id, channel), onChanged, 'Nomor pembayaran dibuat.')
            }
          >
            Buat nomor bayar
          </Button>
          {expired && (
            <Button
              variant="light"
              color="orange"
              onClick={() => void run(() => sendExpired(bill.id), onChanged, 'Pemberitahuan dikirim.')}
            >
              Kirim pemberitahuan kedaluwarsa
            </Button>
          )}
        </Group>
      )}
      {can.update && unpaid && (
        <Group align="flex-end" gap="xs">
          <NumberInput label="Jumlah cicilan" min={1} max={12} value={count} onChange={setCount} w={140} />
          <DateField label="Jatuh tempo pertama" value={firstDue} onChange={setFirstDue} />
          <Button
            variant="light"
            disabled={!firstDue || !Number(count)}
            onClick={() =>
              void run(() => splitBill(bill.id, Number(count), firstDue), onChanged, 'Cicilan diatur.')
            }
          >
            Atur cicilan
          </Button>
        </Group>
      )}
      {can.update && open && (
        <Group align="flex-end" gap="xs">
          <Select
            label="Pembayaran di luar VA"
            data={[
              { value: 'cash', label: 'Tunai' },
              { value: 'transfer', label: 'Transfer (dengan bukti)' },
            ]}
            value={method}
            onChange={(v) => v && setMethod(v as 'cash' | 'transfer')}
            allowDeselect={false}
            w={220}
          />
          <Button
            color="green"
            onClick={() =>
              askReason('Setujui pembayaran?', 'Setujui', (reason) =>
                run(() => approvePayment(bill.id, { method, reason }), onChanged, 'Pembayaran disetujui.'),
              )
            }
          >
            Setujui pembayaran
          </Button>
        </Group>
      )}
      {unpaid && (
        <Group gap="xs">
          {can.update && (
            <Button
              variant="default"
              onClick={() =>
                askReason(
                  'Reset tagihan?',
                  'Reset',
                  (reason) => run(() => resetBill(bill.id, reason), onChanged, 'Tagihan direset.'),
                  true,
                )
              }
            >
              Reset tagihan
            </Button>
          )}
          {can.delete && (
            <Button
              color="red"
              variant="light"
              onClick={() =>
                modals.openConfirmModal({
                  title: 'Hapus tagihan?',
                  children: (
                    <Text size="sm">
                      Tagihan dibatalkan dan dipindahkan ke data non-aktif. Nomor pembayaran yang masih aktif
                      ditutup.
                    </Text>
                  ),
                  labels: { confirm: 'Hapus', cancel: 'Batal' },
                  confirmProps: { color: 'red' },
                  onConfirm: () =>
                    void run(
                      () => deleteBill(bill.id),
                      async (m) => {
                        await onChanged(m);
                        onDeleted();
                      },
                      'Tagihan dihapus.',
                    ),
                })
              }
            >
              Hapus
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
