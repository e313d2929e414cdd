import { errorMessage } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import {
  formatRupiah,
  PAYOUT_BANKS,
  PAYOUT_STATUS_LABELS,
  type PayoutRow,
  type PayoutStatusName,
} from '@psb/contracts/payments';
import { DataTable, saveBlob, useModuleActions } from '@psb/resource-ui';
import { type DateRange, DateRangeFields, todayWib } from '@psb/staff-ui';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  formatDateTime,
  Group,
  modals,
  notify,
  Stack,
  Text,
  Textarea,
  Title,
} from '@psb/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  approvePayout,
  exportPayouts,
  invalidatePayouts,
  rejectPayout,
  usePayouts,
} from '../payouts/api/payouts';
import { PayoutFormModal } from '../payouts/PayoutFormModal';

const STATUS_COLORS: Record<PayoutStatusName, string> = {
  creating: 'gray',
  queued: 'yellow',
  approved: 'blue',
  rejected: 'red',
  processed: 'blue',
  completed: 'green',
  failed: 'red',
};
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '-');

/**
 * /admin/uangsekolah/payout: the foundation's payouts (Iris) of a date range. One staff member asks for a
 * payout ("Buat Payout"); another approves or rejects it — never the one who asked.
 */
export default function PayoutPage() {
  const can = useModuleActions('Rekonsiliasi');
  const me = useSession((s) => s.admin_id);
  const client = useQueryClient();
  const [range, setRange] = useState<DateRange>(todayWib);
  const [creating, setCreating] = useState(false);
  const query = usePayouts(range);
  const refresh = () => invalidatePayouts(client);
  const exporting = useMutation({
    mutationFn: () => exportPayouts(range),
    onSuccess: (blob) => saveBlob(blob, `Pencairan Dana ${range.date_from} - ${range.date_to}.xlsx`),
    onError: (err) => notify.error(errorMessage(err)),
  });

  const summary = (p: PayoutRow) =>
    `${formatRupiah(p.amount)} ke ${p.beneficiary_name} (${PAYOUT_BANKS[p.beneficiary_bank] ?? p.beneficiary_bank} ${p.beneficiary_account})`;

  const approve = (p: PayoutRow) =>
    modals.openConfirmModal({
      title: 'Setujui pencairan?',
      children: (
        <Text size="sm">
          {summary(p)} akan dikirim ke bank dan tidak dapat dibatalkan. Persetujuan dicatat dengan nama Anda.
        </Text>
      ),
      labels: { confirm: 'Setujui', cancel: 'Batal' },
      onConfirm: async () => {
        try {
          notify.success((await approvePayout(p.id)).message);
        } catch (err) {
          notify.error(errorMessage(err));
        }
        await refresh();
      },
    });

  const reject = (p: PayoutRow) => {
    let reason = '';
    modals.openConfirmModal({
      title: 'Tolak pencairan?',
      children: (
        <Stack gap="xs">
          <Text size="sm">{summary(p)} tidak akan dikirim. Penolakan dicatat dengan nama Anda.</Text>
          <Textarea
            label="Alasan penolakan"
            required
            minRows={2}
            maxLength={300}
            onChange={(e) => (reason = e.currentTarget.value)}
            data-autofocus
          />
        </Stack>
      ),
      labels: { confirm: 'Tolak', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        if (reason.trim().length < 3) return void notify.error('Alasan wajib diisi (minimal 3 karakter).');
        try {
          notify.success((await rejectPayout(p.id, reason.trim())).message);
        } catch (err) {
          notify.error(errorMessage(err));
        }
        await refresh();
      },
    });
  };

  const rows = query.data?.data ?? [];
  return (
    <Stack gap="md" data-testid="payout-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Pencairan Dana
          </Title>
          <Text size="sm" c="gray.7">
            Payout melalui Iris. Setiap payout harus disetujui oleh staf lain selain pembuatnya.
          </Text>
        </div>
        {can.insert && <Button onClick={() => setCreating(true)}>Buat Payout</Button>}
      </Group>
      <Card withBorder padding="md">
        <Group align="flex-end" gap="sm">
          <DateRangeFields value={range} onChange={setRange} />
          <Button
            variant="default"
            onClick={() => exporting.mutate()}
            loading={exporting.isPending}
            disabled={!rows.length}
          >
            Ekspor Excel
          </Button>
        </Group>
      </Card>
      {query.isError && <Text c="red.8">{errorMessage(query.error)}</Text>}
      <DataTable<PayoutRow>
        withTableBorder
        borderRadius="md"
        striped
        fetching={query.isLoading}
        minHeight={rows.length ? undefined : 200}
        records={rows}
        noRecordsText=""
        emptyState={
          query.isLoading ? undefined : (
            <EmptyState title="Belum ada payout" description="Tidak ada payout pada rentang tanggal ini." />
          )
        }
        columns={[
          { accessor: 'created_at', title: 'Dibuat', render: (p) => when(p.created_at) },
          {
            accessor: 'beneficiary_name',
            title: 'Penerima',
            render: (p) => (
              <Stack gap={0}>
                <Text size="sm">{p.beneficiary_name}</Text>
                <Text size="xs" c="gray.7">
                  {PAYOUT_BANKS[p.beneficiary_bank] ?? p.beneficiary_bank} · {p.beneficiary_account}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'amount', title: 'Jumlah', textAlign: 'right', render: (p) => formatRupiah(p.amount) },
          { accessor: 'notes', title: 'Catatan' },
          {
            accessor: 'status',
            title: 'Status',
            render: (p) => (
              <Stack gap={2}>
                <Badge color={STATUS_COLORS[p.status]} data-testid={`payout-status-${p.id}`}>
                  {PAYOUT_STATUS_LABELS[p.status]}
                </Badge>
                {(p.reject_reason ?? p.error_message) && (
                  <Text size="xs" c="red.8">
                    {p.reject_reason ?? p.error_message}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'created_by_name',
            title: 'Dibuat / Diputuskan',
            render: (p) => (
              <Text size="sm">
                {p.created_by_name ?? '-'}
                {p.decided_by_name ? ` / ${p.decided_by_name}` : ''}
              </Text>
            ),
          },
          {
            accessor: 'actions',
            title: 'Aksi',
            render: (p) =>
              p.status !== 'queued' || !can.update ? null : p.created_by === me ? (
                <Text size="xs" c="gray.7">
                  Menunggu persetujuan staf lain
                </Text>
              ) : (
                <Group gap={4}>
                  <Button
                    size="compact-xs"
                    onClick={() => approve(p)}
                    aria-label={`Setujui payout ${p.beneficiary_name}`}
                  >
                    Setujui
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    onClick={() => reject(p)}
                    aria-label={`Tolak payout ${p.beneficiary_name}`}
                  >
                    Tolak
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      <PayoutFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={() => void refresh()}
      />
    </Stack>
  );
}
