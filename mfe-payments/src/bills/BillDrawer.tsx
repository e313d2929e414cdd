import { errorMessage } from '@psb/api-client/http';
import { BILL_STATE_COLORS, BILL_STATE_LABELS, CHANNEL_INFO, formatRupiah } from '@psb/contracts/payments';
import { useModuleActions } from '@psb/resource-ui';
import {
  Badge,
  Drawer,
  formatDate,
  formatDateTime,
  Group,
  notify,
  PageError,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateBills, useBill } from './api/bills';
import { BillActions } from './BillActions';
import { BillLines } from './BillLines';

const ACTION_LABELS: Record<string, string> = {
  created: 'Dibuat',
  published: 'Diterbitkan',
  provider_payment: 'Dibayar melalui penyedia',
  provider_reversal: 'Pembayaran dibatalkan bank',
  manual_payment: 'Pembayaran dicatat petugas',
  installments: 'Cicilan diatur',
  reset: 'Direset',
  deleted: 'Dihapus',
  flagged: 'Ditandai untuk diperiksa',
  charge_closed: 'Nomor bayar ditutup',
  reconciled: 'Rekonsiliasi',
  reconciled_credit: 'Dikreditkan saat rekonsiliasi',
  lines: 'Rincian tagihan diubah',
};

/** One bill: lines, installments with their payment numbers, history (who, when, why) and the actions. */
export function BillDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const client = useQueryClient();
  const actions = useModuleActions('Pembayaran');
  const { data: bill, isPending, isError, error, refetch } = useBill(id);
  const changed = async (message?: string) => {
    if (message) notify.success(message);
    await invalidateBills(client);
  };
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title="Detail Tagihan">
      {isPending ? (
        <Skeleton height={300} />
      ) : isError ? (
        <PageError
          title="Tagihan gagal dimuat"
          message={errorMessage(error)}
          onRetry={() => void refetch()}
        />
      ) : (
        <Stack gap="md" data-testid="bill-drawer">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={3}>{bill.registrant_name ?? bill.registration_number}</Title>
              <Text size="sm" c="gray.7">
                {bill.registration_number} · {bill.school_name} · {bill.type_name}
              </Text>
            </div>
            <Badge color={BILL_STATE_COLORS[bill.state]} size="lg" data-testid="bill-drawer-state">
              {BILL_STATE_LABELS[bill.state]}
            </Badge>
          </Group>
          {bill.needs_review && (
            <Text c="orange.9" size="sm" fw={600}>
              Perlu diperiksa: {bill.needs_review}
            </Text>
          )}
          <BillLines bill={bill} editable={actions.update} onChanged={changed} />
          <Table striped withTableBorder aria-label="Cicilan">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Jatuh tempo</Table.Th>
                <Table.Th ta="right">Jumlah</Table.Th>
                <Table.Th>Nomor bayar</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bill.installments.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{i.seq}</Table.Td>
                  <Table.Td>{i.due_date ? formatDate(i.due_date) : '-'}</Table.Td>
                  <Table.Td ta="right">{formatRupiah(i.amount)}</Table.Td>
                  <Table.Td>
                    {i.charge ? (
                      <Text size="xs">
                        {CHANNEL_INFO[i.charge.channel].label}{' '}
                        <Text span ff="monospace">
                          {i.charge.bill_key ?? i.charge.va_number ?? ''}
                        </Text>
                        {i.charge.is_expired ? ' (kedaluwarsa)' : ''}
                      </Text>
                    ) : (
                      '-'
                    )}
                  </Table.Td>
                  <Table.Td>
                    {i.paid_at
                      ? `${i.paid_via === 'manual' ? 'Dicatat petugas' : 'Dibayar'} ${formatDateTime(i.paid_at)}`
                      : 'Belum dibayar'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {(actions.update || actions.delete) && (
            <BillActions bill={bill} onChanged={changed} onDeleted={onClose} />
          )}
          <Title order={4}>Riwayat</Title>
          <Stack gap={4} data-testid="bill-history">
            {bill.history.map((h) => (
              <Text key={h.id} size="sm">
                <b>{formatDateTime(h.created_at)}</b> · {ACTION_LABELS[h.action] ?? h.action}
                {h.user_name ? ` oleh ${h.user_name}` : ''}
                {h.reason ? ` — ${h.reason}` : ''}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
