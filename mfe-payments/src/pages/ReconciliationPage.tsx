import { errorMessage } from '@psb/api-client/http';
import {
  formatRupiah,
  MISMATCH_LABELS,
  RESOLUTION_LABELS,
  RESOLUTIONS,
  type ReconciliationRow,
} from '@psb/contracts/payments';
import { DataTable, saveBlob, useModuleActions } from '@psb/resource-ui';
import { type DateRange, DateRangeFields, todayWib } from '@psb/staff-ui';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  modals,
  notify,
  Stack,
  Text,
  Textarea,
  Title,
} from '@psb/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  fetchReconciliationExport,
  resolveMismatch,
  useReconciliation,
} from '../reconciliation/api/reconciliation';

const money = (n: number | null) => (n === null ? '-' : formatRupiah(n));

/**
 * /admin/uangsekolah/rekonsiliasi: our payment records of a date range against the payment provider's, with
 * every mismatch and a one-click resolution (asked for a reason, recorded with the staff member's name).
 */
export default function ReconciliationPage() {
  const can = useModuleActions('Rekonsiliasi');
  const [range, setRange] = useState<DateRange>(todayWib);
  const [asked, setAsked] = useState<typeof range | null>(null);
  const query = useReconciliation(asked);
  const exporting = useMutation({
    mutationFn: () => fetchReconciliationExport(asked!),
    onSuccess: (blob) => saveBlob(blob, `Rekonsiliasi ${asked!.date_from} - ${asked!.date_to}.xlsx`),
    onError: (err) => notify.error(errorMessage(err)),
  });
  const resolve = (row: ReconciliationRow, action: keyof typeof RESOLUTION_LABELS) => {
    let reason = '';
    modals.openConfirmModal({
      title: `${RESOLUTION_LABELS[action]}: ${row.order_id}`,
      children: (
        <Stack gap="xs">
          <Text size="sm">{MISMATCH_LABELS[row.kind]}. Tindakan ini dicatat dengan nama Anda.</Text>
          <Textarea
            label="Alasan"
            required
            minRows={2}
            onChange={(e) => (reason = e.currentTarget.value)}
            data-autofocus
          />
        </Stack>
      ),
      labels: { confirm: RESOLUTION_LABELS[action], cancel: 'Batal' },
      onConfirm: async () => {
        if (reason.trim().length < 3) return void notify.error('Alasan wajib diisi (minimal 3 karakter).');
        try {
          const res = await resolveMismatch(row.order_id, action, reason.trim());
          notify.success(res.message);
          await query.refetch();
        } catch (err) {
          notify.error(errorMessage(err));
        }
      },
    });
  };
  return (
    <Stack gap="md" data-testid="reconciliation-page">
      <div>
        <Title order={1} size="h2">
          Rekonsiliasi
        </Title>
        <Text size="sm" c="gray.7">
          Mencocokkan catatan pembayaran kami dengan status di penyedia pembayaran untuk rentang tanggal
          (WIB).
        </Text>
      </div>
      <Card withBorder padding="md">
        <Group align="flex-end" gap="sm">
          <DateRangeFields value={range} onChange={setRange} />
          <Button onClick={() => setAsked({ ...range })} loading={query.isFetching}>
            Cocokkan
          </Button>
          {asked && query.data && (
            <Button variant="default" onClick={() => exporting.mutate()} loading={exporting.isPending}>
              Ekspor Excel
            </Button>
          )}
        </Group>
      </Card>
      {query.isError && <Text c="red.8">{errorMessage(query.error)}</Text>}
      {query.data && (
        <Text size="sm" data-testid="reconciliation-summary">
          {query.data.checked.toLocaleString('id-ID')} transaksi diperiksa,{' '}
          {query.data.data.length.toLocaleString('id-ID')} selisih.
        </Text>
      )}
      {query.data && (
        <DataTable<ReconciliationRow>
          withTableBorder
          borderRadius="md"
          striped
          minHeight={query.data.data.length ? undefined : 200}
          records={query.data.data}
          idAccessor="order_id"
          noRecordsText=""
          emptyState={
            <EmptyState
              title="Tidak ada selisih"
              description="Semua transaksi pada rentang ini cocok dengan penyedia pembayaran."
            />
          }
          columns={[
            {
              accessor: 'order_id',
              title: 'Order',
              render: (r) => (
                <Text ff="monospace" size="sm">
                  {r.order_id}
                </Text>
              ),
            },
            {
              accessor: 'kind',
              title: 'Selisih',
              render: (r) => (
                <Badge color="orange" variant="light">
                  {MISMATCH_LABELS[r.kind]}
                </Badge>
              ),
            },
            {
              accessor: 'registrant_name',
              title: 'Calon Murid',
              render: (r) => r.registrant_name ?? r.registration_number ?? '-',
            },
            {
              accessor: 'our_status',
              title: 'Kami',
              render: (r) => `${r.our_status ?? '-'} · ${money(r.our_amount)}`,
            },
            {
              accessor: 'provider_status',
              title: 'Penyedia',
              render: (r) => `${r.provider_status ?? '-'} · ${money(r.provider_amount)}`,
            },
            {
              accessor: 'actions',
              title: 'Penyelesaian',
              render: (r) =>
                can.update && (
                  <Group gap={4}>
                    {RESOLUTIONS[r.kind].map((a) => (
                      <Button key={a} size="compact-xs" variant="light" onClick={() => resolve(r, a)}>
                        {RESOLUTION_LABELS[a]}
                      </Button>
                    ))}
                  </Group>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
