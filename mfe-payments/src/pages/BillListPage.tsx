import { errorMessage } from '@psb/api-client/http';
import {
  BILL_STATE_COLORS,
  BILL_STATE_LABELS,
  BILL_STATES,
  type BillRow,
  billListQuerySchema,
  formatRupiah,
} from '@psb/contracts/payments';
import {
  DataTable,
  type DataTableSortStatus,
  DateField,
  pagedTableProps,
  saveBlob,
  useModuleActions,
  useUrlFilters,
} from '@psb/resource-ui';
import { StaffListPage, useBulkAction, usePaymentTypes } from '@psb/staff-ui';
import { Badge, Button, Chip, EmptyState, formatDate, Group, notify, Select, Text, TextInput } from '@psb/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type BillFilters, fetchBillsExport, publishMany, useBills } from '../bills/api/bills';
import { BillDrawer } from '../bills/BillDrawer';
import { BulkGenerateModal } from '../bills/BulkGenerateModal';
import { BulkJobWatch } from '../bills/BulkJobWatch';

const KEYS = Object.keys(billListQuerySchema.shape) as (keyof BillFilters & string)[];
const PAGE_SIZE = 25;

/** `/admin/registrant/payment?type=` (live) and `/nonactive`: the bills of a payment type, with their actions. */
export function BillListPage({ archived = false }: { archived?: boolean }) {
  const { filters, set, clear } = useUrlFilters<BillFilters>(KEYS, archived);
  const actions = useModuleActions('Pembayaran');
  const { selected, setSelected, ask } = useBulkAction<BillRow>();
  const [openId, setOpenId] = useState<number | null>(null);
  const [generating, setGenerating] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const types = usePaymentTypes();
  const query = useBills(filters);
  const exporting = useMutation({
    mutationFn: (format: 'xlsx' | 'csv') => fetchBillsExport(filters, format),
    onSuccess: (blob, format) => saveBlob(blob, `Data Pembayaran Calon Murid.${format}`),
    onError: (err) => notify.error(errorMessage(err)),
  });
  const page = Number(filters.page ?? 1);
  const sort: DataTableSortStatus<BillRow> = {
    columnAccessor: filters.sort ?? 'created_at',
    direction: filters.order === 'asc' ? 'asc' : 'desc',
  };
  const publishSelected = () =>
    ask({
      title: 'Terbitkan tagihan terpilih?',
      message: (n) =>
        `${n} tagihan akan diterbitkan dan orang tua diberi tahu. Proses berjalan di latar belakang.`,
      confirm: 'Terbitkan',
      run: publishMany,
      after: (res) => setJobId(res.data.job_id),
    });

  const data = query.data;
  return (
    <StaffListPage
      testId={archived ? 'bill-nonactive-page' : 'bill-list-page'}
      title={archived ? 'Pembayaran Non-Aktif' : 'Pembayaran'}
      description={archived ? 'Tagihan yang dihapus.' : 'Tagihan calon murid per jenis pembayaran.'}
      archive={{
        archived,
        activePath: '/admin/registrant/payment',
        archivedPath: '/admin/registrant/payment/nonactive',
      }}
      failure={
        query.isError && !query.data
          ? { title: 'Data pembayaran gagal dimuat', error: query.error, retry: () => void query.refetch() }
          : null
      }
      actions={
        <Group gap="xs">
          {jobId !== null && <BulkJobWatch jobId={jobId} onEnd={() => setJobId(null)} />}
          {!archived && actions.insert && (
            <Button onClick={() => setGenerating(true)}>Buat Tagihan Massal</Button>
          )}
          <Button variant="default" loading={exporting.isPending} onClick={() => exporting.mutate('xlsx')}>
            Ekspor Excel
          </Button>
          <Button variant="default" loading={exporting.isPending} onClick={() => exporting.mutate('csv')}>
            Ekspor CSV
          </Button>
        </Group>
      }
      filters={
        <Group align="flex-end" gap="sm">
          <Select
            label="Jenis Pembayaran"
            placeholder="Semua jenis"
            data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            value={filters.type ?? null}
            onChange={(v) => set({ type: v ?? undefined })}
            clearable
            w={220}
          />
          <Select
            label="Kedaluwarsa"
            placeholder="Semua"
            data={[
              { value: 'true', label: 'Nomor bayar kedaluwarsa' },
              { value: 'false', label: 'Belum kedaluwarsa' },
            ]}
            value={filters.is_expired ?? null}
            onChange={(v) => set({ is_expired: v ?? undefined })}
            clearable
            w={200}
          />
          <DateField
            label="Dibuat dari"
            value={filters.filter_date_from ?? ''}
            onChange={(v) => set({ filter_date_from: v })}
          />
          <DateField
            label="Sampai"
            value={filters.filter_date_to ?? ''}
            onChange={(v) => set({ filter_date_to: v })}
          />
          <TextInput
            label="Cari"
            placeholder="Nama atau no. pendaftaran"
            defaultValue={filters.search ?? ''}
            onBlur={(e) => set({ search: e.currentTarget.value.trim() })}
            onKeyDown={(e) => e.key === 'Enter' && set({ search: e.currentTarget.value.trim() })}
          />
          <Button variant="subtle" onClick={clear}>
            Reset filter
          </Button>
        </Group>
      }
    >
      {data && (
        <Chip.Group>
          <Group gap="xs" data-testid="bill-counts">
            {BILL_STATES.filter((s) => s !== 'cancelled').map((s) => (
              <Chip
                key={s}
                checked={filters.state === s}
                onChange={() => set({ state: filters.state === s ? undefined : s })}
                size="sm"
              >
                {BILL_STATE_LABELS[s]} ({(data.counts[s] ?? 0).toLocaleString('id-ID')})
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {data && (
        <Group gap="lg" data-testid="bill-sums">
          <Text size="sm">
            {filters.counted === 'true' ? 'Tagihan yang dihitung di dasbor' : 'Tagihan'}:{' '}
            <b data-testid="bill-sums-count">{data.total.toLocaleString('id-ID')}</b>
          </Text>
          <Text size="sm">
            Total tagihan: <b data-testid="bill-sums-billed">{formatRupiah(data.sums.billed)}</b>
          </Text>
          <Text size="sm">
            Terbayar: <b data-testid="bill-sums-paid">{formatRupiah(data.sums.paid)}</b>
          </Text>
          <Text size="sm">
            Sisa: <b data-testid="bill-sums-outstanding">{formatRupiah(data.sums.outstanding)}</b>
          </Text>
        </Group>
      )}
      {selected.length > 0 && actions.update && (
        <Group gap="xs" data-testid="bulk-bar">
          <Text size="sm" fw={600}>
            {selected.length} dipilih
          </Text>
          <Button size="xs" onClick={publishSelected} disabled={!selected.some((b) => b.state === 'draft')}>
            Terbitkan
          </Button>
        </Group>
      )}
      <DataTable<BillRow>
        {...pagedTableProps({
          records: data?.data,
          total: data?.total,
          page,
          pageSize: PAGE_SIZE,
          onPageChange: (p) => set({ page: String(p) }),
          fetching: query.isFetching,
        })}
        idAccessor="id"
        sortStatus={sort}
        onSortStatusChange={(s) => set({ sort: String(s.columnAccessor), order: s.direction })}
        selectedRecords={actions.update && !archived ? selected : undefined}
        onSelectedRecordsChange={actions.update && !archived ? setSelected : undefined}
        selectionCheckboxProps={{ 'aria-label': 'Pilih tagihan' }}
        allRecordsSelectionCheckboxProps={{ 'aria-label': 'Pilih semua di halaman ini' }}
        onRowClick={({ record }) => setOpenId(record.id)}
        emptyState={
          <EmptyState
            title="Tidak ada tagihan"
            description="Ubah filter, atau buat tagihan untuk calon murid."
          />
        }
        columns={[
          {
            accessor: 'registration_number',
            title: 'No. Pendaftaran',
            render: (b) => (
              <Text ff="monospace" size="sm">
                {b.registration_number}
              </Text>
            ),
          },
          {
            accessor: 'registrant_name',
            title: 'Nama',
            sortable: true,
            render: (b) => b.registrant_name ?? '(belum diisi)',
          },
          { accessor: 'type_name', title: 'Jenis' },
          {
            accessor: 'total_amount',
            title: 'Total',
            sortable: true,
            textAlign: 'right',
            render: (b) => formatRupiah(b.total_amount),
          },
          {
            accessor: 'paid_amount',
            title: 'Dibayar',
            sortable: true,
            textAlign: 'right',
            render: (b) => formatRupiah(b.paid_amount),
          },
          {
            accessor: 'due_date',
            title: 'Batas',
            render: (b) => (b.due_date ? formatDate(b.due_date) : '-'),
          },
          {
            accessor: 'state',
            title: 'Status',
            sortable: true,
            render: (b) => (
              <Group gap={4}>
                <Badge color={BILL_STATE_COLORS[b.state]} size="sm">
                  {BILL_STATE_LABELS[b.state]}
                </Badge>
                {b.is_expired && (
                  <Badge color="red" variant="light" size="sm">
                    Kedaluwarsa
                  </Badge>
                )}
                {b.needs_review && (
                  <Badge color="orange" variant="outline" size="sm" title={b.needs_review}>
                    Perlu diperiksa
                  </Badge>
                )}
              </Group>
            ),
          },
        ]}
      />
      {openId !== null && <BillDrawer id={openId} onClose={() => setOpenId(null)} />}
      {generating && (
        <BulkGenerateModal
          typeId={filters.type ? Number(filters.type) : null}
          onClose={() => setGenerating(false)}
          onStarted={setJobId}
        />
      )}
    </StaffListPage>
  );
}
