import { errorMessage } from '@psb/api-client/http';
import { formatRupiah, orderListQuerySchema, PURCHASE_STATE_LABELS } from '@psb/contracts/payments';
import { DataTable, saveBlob, useUrlFilters } from '@psb/resource-ui';
import { StaffListPage } from '@psb/staff-ui';
import { Badge, Button, EmptyState, formatDateTime, Group, notify, Select, Text, TextInput } from '@psb/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  fetchItemOrdersExport,
  type OrderFilters,
  PAGE_SIZE,
  useItems,
  useOrders,
} from '../orders/api/orders';

const KEYS = Object.keys(orderListQuerySchema.shape) as (keyof OrderFilters & string)[];
const STATES = { active: ['pending', 'paid'], nonactive: ['cancelled', 'reversed'] } as const;
const COLORS: Record<string, string> = {
  pending: 'yellow',
  paid: 'green',
  cancelled: 'gray',
  reversed: 'red',
};

/**
 * `/admin/registrant/detailorder` (waiting for payment or paid) and `/nonactive` (cancelled, reversed): the
 * parents' item orders, and the export of every order of one item (who gets what).
 */
export function OrderListPage({ nonactive = false }: { nonactive?: boolean }) {
  const { filters, set, clear } = useUrlFilters<OrderFilters>(KEYS);
  const [itemId, setItemId] = useState<string | null>(null);
  const query = useOrders(nonactive, filters);
  const items = useItems();
  const exporting = useMutation({
    mutationFn: fetchItemOrdersExport,
    onSuccess: (blob, id) => {
      const name = items.data?.find((i) => String(i.id) === id)?.name ?? id;
      saveBlob(blob, `Pesanan ${name}.xlsx`);
    },
    onError: (err) => notify.error(errorMessage(err)),
  });

  const data = query.data;
  return (
    <StaffListPage
      testId={nonactive ? 'order-nonactive-page' : 'order-list-page'}
      title={nonactive ? 'Pesanan Barang Non-Aktif' : 'Pesanan Barang'}
      description={
        nonactive
          ? 'Pesanan yang dibatalkan orang tua atau oleh bank.'
          : 'Pesanan barang (seragam, buku) orang tua: menunggu pembayaran atau lunas.'
      }
      archive={{
        archived: nonactive,
        activePath: '/admin/registrant/detailorder',
        archivedPath: '/admin/registrant/detailorder/nonactive',
      }}
      failure={
        query.isError && !query.data
          ? { title: 'Data pesanan gagal dimuat', error: query.error, retry: () => void query.refetch() }
          : null
      }
      filters={
        <Group align="flex-end" gap="sm" justify="space-between">
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Cari"
              placeholder="Nama atau no. pendaftaran"
              defaultValue={filters.search ?? ''}
              onKeyDown={(e) => {
                if (e.key === 'Enter') set({ search: e.currentTarget.value.trim() });
              }}
            />
            <Select
              label="Status"
              placeholder="Semua"
              clearable
              data={STATES[nonactive ? 'nonactive' : 'active'].map((s) => ({
                value: s,
                label: PURCHASE_STATE_LABELS[s],
              }))}
              value={filters.state ?? null}
              onChange={(v) => set({ state: v ?? '' })}
            />
            <Button variant="subtle" onClick={clear}>
              Reset
            </Button>
          </Group>
          <Group align="flex-end" gap="xs">
            <Select
              label="Ekspor pesanan per barang"
              placeholder="Pilih barang"
              searchable
              data={(items.data ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
              value={itemId}
              onChange={setItemId}
            />
            <Button
              variant="default"
              disabled={!itemId}
              loading={exporting.isPending}
              onClick={() => itemId && exporting.mutate(itemId)}
            >
              Ekspor Excel
            </Button>
          </Group>
        </Group>
      }
    >
      <DataTable
        withTableBorder
        borderRadius="md"
        striped
        minHeight={data?.data.length ? undefined : 200}
        fetching={query.isFetching}
        records={data?.data ?? []}
        totalRecords={data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={Number(filters.page ?? 1)}
        onPageChange={(p) => set({ page: String(p) })}
        noRecordsText=""
        emptyState={<EmptyState title="Belum ada pesanan" description="Pesanan orang tua tampil di sini." />}
        columns={[
          { accessor: 'id', title: 'No.' },
          {
            accessor: 'registrant_name',
            title: 'Calon Murid',
            render: (o) => (
              <div>
                <Text size="sm">{o.registrant_name ?? '-'}</Text>
                <Text size="xs" c="gray.7">
                  {o.registration_number} · {o.school_name}
                </Text>
              </div>
            ),
          },
          { accessor: 'items', title: 'Barang' },
          {
            accessor: 'total',
            title: 'Total',
            textAlign: 'right',
            render: (o) => formatRupiah(o.total + o.fee),
          },
          {
            accessor: 'state',
            title: 'Status',
            render: (o) => <Badge color={COLORS[o.state] ?? 'gray'}>{PURCHASE_STATE_LABELS[o.state]}</Badge>,
          },
          {
            accessor: 'checked_out_at',
            title: 'Dipesan',
            render: (o) => (o.checked_out_at ? formatDateTime(o.checked_out_at) : '-'),
          },
          {
            accessor: 'paid_at',
            title: 'Dibayar',
            render: (o) => (o.paid_at ? formatDateTime(o.paid_at) : '-'),
          },
        ]}
      />
    </StaffListPage>
  );
}
