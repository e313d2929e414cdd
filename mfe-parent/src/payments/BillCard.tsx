import { errorMessage } from '@psb/api-client/http';
import {
  BILL_STATE_COLORS,
  BILL_STATE_LABELS,
  type BillView,
  CHANNEL_INFO,
  type Channel,
  formatRupiah,
} from '@psb/contracts/payments';
import {
  Badge,
  BillLinesTable,
  Button,
  Card,
  formatDate,
  formatDateTime,
  Group,
  notify,
  Select,
  Stack,
  saveBlob,
  Table,
  Text,
  Title,
} from '@psb/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ChargeBox } from '../common/charge/ChargeBox';
import { billKeys, fetchReceipt, openCharge } from './api';
import { PaymentReceipts } from './PaymentReceipts';

/** One bill: its lines, installments, and for the installment due now how to pay it. */
export function BillCard({ bill }: { bill: BillView }) {
  const client = useQueryClient();
  const due = bill.installments.find((i) => !i.paid_at);
  const open = due?.charge && due.charge.status === 'pending' && !due.charge.is_expired ? due.charge : null;
  const [channel, setChannel] = useState<Channel>((open?.channel ?? bill.channels[0]) as Channel);
  const pay = useMutation({
    mutationFn: () => openCharge(bill.registrant_id, due!.id, channel),
    // Returned, so the button stays busy until the bill with its new number is on screen.
    onSuccess: () => client.invalidateQueries({ queryKey: billKeys.of(bill.registrant_id) }),
    onError: (err) => notify.error(errorMessage(err)),
  });
  // A double tap lands twice before React has re-rendered the button as busy; this refuses the second at once.
  const asking = useRef(false);
  const askForNumber = () => {
    if (asking.current) return;
    asking.current = true;
    pay.mutate(undefined, {
      onSettled: () => {
        asking.current = false;
      },
    });
  };
  const receipt = useMutation({
    mutationFn: () => fetchReceipt(bill.id),
    onSuccess: (blob) => saveBlob(blob, `Bukti Pembayaran ${bill.type_name} ${bill.registration_number}.pdf`),
    onError: (err) => notify.error(errorMessage(err)),
  });
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`bill-${bill.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4">
              {bill.type_name}
            </Title>
            <Text size="sm" c="gray.7">
              Total {formatRupiah(bill.total_amount)}
              {bill.due_date && ` · batas pelunasan ${formatDate(bill.due_date)}`}
            </Text>
          </div>
          <Badge color={BILL_STATE_COLORS[bill.state]} size="lg" data-testid="bill-state">
            {BILL_STATE_LABELS[bill.state]}
          </Badge>
        </Group>
        <BillLinesTable bill={bill} />
        {bill.installments.length > 1 && (
          <Table striped withTableBorder aria-label="Jadwal cicilan">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cicilan</Table.Th>
                <Table.Th>Jatuh tempo</Table.Th>
                <Table.Th ta="right">Jumlah</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bill.installments.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.seq}</Table.Td>
                  <Table.Td>{i.due_date ? formatDate(i.due_date) : '-'}</Table.Td>
                  <Table.Td ta="right">{formatRupiah(i.amount)}</Table.Td>
                  <Table.Td>{i.paid_at ? `Dibayar ${formatDateTime(i.paid_at)}` : 'Belum dibayar'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {due && (
          <Stack gap="xs">
            <Text fw={600}>
              {bill.installments.length > 1 ? `Bayar cicilan ${due.seq}: ` : 'Bayar: '}
              {formatRupiah(due.amount)}
            </Text>
            <Group align="flex-end" gap="xs">
              <Select
                label="Metode pembayaran"
                data={bill.channels.map((c) => ({ value: c, label: CHANNEL_INFO[c].label }))}
                value={channel}
                onChange={(v) => v && setChannel(v as Channel)}
                allowDeselect={false}
                w={260}
              />
              <Button
                onClick={askForNumber}
                loading={pay.isPending}
                disabled={pay.isPending || (!!open && open.channel === channel)}
              >
                {open ? 'Ganti metode' : 'Dapatkan nomor pembayaran'}
              </Button>
            </Group>
            {due.charge?.received_amount != null && (
              <Text size="sm" c="orange.9" data-testid="bill-received">
                Diterima {formatRupiah(due.charge.received_amount)} dari{' '}
                {formatRupiah(due.charge.gross_amount)} yang diminta. Sekolah sedang memeriksa selisihnya;
                hubungi sekolah sebelum membayar lagi.
              </Text>
            )}
            {due.charge?.is_expired && (
              <Text size="sm" c="red.8">
                Nomor pembayaran sebelumnya sudah kedaluwarsa. Pilih metode lalu minta nomor baru.
              </Text>
            )}
            {open && <ChargeBox charge={open} registrantId={bill.registrant_id} />}
          </Stack>
        )}
        <PaymentReceipts bill={bill} />
        {bill.paid_amount > 0 && (
          <Group justify="space-between">
            <Text size="sm">
              Sudah dibayar {formatRupiah(bill.paid_amount)}
              {bill.paid_at && ` · lunas ${formatDateTime(bill.paid_at)}`}
            </Text>
            <Button variant="default" size="xs" onClick={() => receipt.mutate()} loading={receipt.isPending}>
              Unduh bukti pembayaran
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
