import { errorMessage } from '@psb/api-client/http';
import { DataTable } from '@psb/resource-ui';
import { EmptyState, PageError } from '@psb/ui';
import { type fetchRecap, useRecap } from './api/graduation';

type Row = Awaited<ReturnType<typeof fetchRecap>>[number];
const n = (v: number) => v.toLocaleString('id-ID');

/** Results per registration period: how many accepted, on the reserve list, not accepted, still to publish. */
export function RecapTab() {
  const query = useRecap();
  if (query.isError && !query.data)
    return (
      <PageError
        title="Rekap gagal dimuat"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <DataTable<Row>
      records={query.data ?? []}
      fetching={query.isFetching}
      idAccessor="school_period_id"
      minHeight={160}
      emptyState={
        <EmptyState
          title="Belum ada data"
          description="Rekap tampil setelah ada calon murid yang diverifikasi."
        />
      }
      columns={[
        { accessor: 'school_name', title: 'Sekolah' },
        { accessor: 'school_period_name', title: 'Periode' },
        { accessor: 'total', title: 'Jumlah', textAlign: 'right', render: (r) => n(r.total) },
        { accessor: 'accepted', title: 'Diterima', textAlign: 'right', render: (r) => n(r.accepted) },
        { accessor: 'reserve', title: 'Cadangan', textAlign: 'right', render: (r) => n(r.reserve) },
        { accessor: 'rejected', title: 'Tidak diterima', textAlign: 'right', render: (r) => n(r.rejected) },
        {
          accessor: 'unpublished',
          title: 'Belum diumumkan',
          textAlign: 'right',
          render: (r) => n(r.unpublished),
        },
        {
          accessor: 'withdrawn',
          title: 'Mengundurkan diri',
          textAlign: 'right',
          render: (r) => n(r.withdrawn),
        },
      ]}
    />
  );
}
