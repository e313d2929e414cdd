import type { RegistrantAdminRow } from '@psb/contracts/registrants-admin';
import { DataTable, type DataTableSortStatus, pagedTableProps, useModuleActions } from '@psb/resource-ui';
import { Link } from '@psb/router';
import { StaffListPage, useBulkAction } from '@psb/staff-ui';
import { Anchor, Button, EmptyState, formatDateTime, Group, Text } from '@psb/ui';
import { IconArchive, IconCircleCheck, IconRestore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateRegistrants } from '../common/api/registrants';
import { StatusBadge } from '../common/StatusBadge';
import { bulk, useRegistrants } from '../list/api/registrants';
import { ExportApplicantsButton } from '../list/ExportApplicantsButton';
import { ListFilters } from '../list/ListFilters';
import { StatusCounts } from '../list/StatusCounts';
import { useListFilters } from '../list/useListFilters';
import { DuplicateBadge } from '../staff-tools/DuplicateBadge';
import { ExportPhotosButton } from '../staff-tools/ExportPhotosButton';

const PAGE_SIZE = 25;

/** `/admin/registrant` (live) and `/admin/registrant/nonactive` (archived, with restore). */
export function RegistrantListPage({ archived = false }: { archived?: boolean }) {
  const { filters, set, clear } = useListFilters(archived);
  const actions = useModuleActions('Calon Murid');
  const queryClient = useQueryClient();
  const { selected, setSelected, ask } = useBulkAction<RegistrantAdminRow>();
  const query = useRegistrants(filters);
  const page = Number(filters.page ?? 1);
  const sort: DataTableSortStatus<RegistrantAdminRow> = {
    columnAccessor: filters.sort ?? 'created_at',
    direction: filters.order === 'asc' ? 'asc' : 'desc',
  };

  const runBulk = (action: 'verify' | 'archive' | 'restore', title: string) =>
    ask({
      title,
      message: (n) => `${n} calon murid terpilih akan diproses.`,
      danger: action === 'archive',
      run: (ids) => bulk(action, ids),
      failed: (res) => res.failed.length > 0,
      after: () => invalidateRegistrants(queryClient),
    });

  const data = query.data;
  return (
    <StaffListPage
      testId={archived ? 'registrant-nonactive-page' : 'registrant-list-page'}
      title={archived ? 'Calon Murid Non-Aktif' : 'Calon Murid'}
      description={
        archived
          ? 'Calon murid yang diarsipkan; pulihkan untuk mengaktifkannya lagi.'
          : 'Semua pendaftar sekolah Anda.'
      }
      archive={{ archived, activePath: '/admin/registrant', archivedPath: '/admin/registrant/nonactive' }}
      failure={
        query.isError && !query.data
          ? { title: 'Data calon murid gagal dimuat', error: query.error, retry: () => void query.refetch() }
          : null
      }
      actions={
        !archived && (
          <Group gap="xs" align="flex-start">
            <Anchor component={Link} to="/admin/registrant/internal" size="sm">
              Murid internal
            </Anchor>
            <Anchor component={Link} to="/admin/registrant/documents" size="sm">
              Verifikasi dokumen
            </Anchor>
            {actions.insert && (
              <Button component={Link} to="/admin/registrant/assisted" variant="light">
                Daftarkan Pendaftar
              </Button>
            )}
            <ExportApplicantsButton filters={filters} />
            <ExportPhotosButton filters={filters} />
          </Group>
        )
      }
      filters={<ListFilters filters={filters} onChange={set} onClear={clear} />}
    >
      {data && (
        <StatusCounts counts={data.counts} active={filters.status} onPick={(status) => set({ status })} />
      )}
      {selected.length > 0 && (
        <Group gap="xs" data-testid="bulk-bar">
          <Text size="sm" fw={600}>
            {selected.length} dipilih
          </Text>
          {!archived && actions.update && (
            <Button
              size="xs"
              leftSection={<IconCircleCheck size={14} aria-hidden />}
              onClick={() => runBulk('verify', 'Verifikasi calon murid terpilih?')}
            >
              Verifikasi
            </Button>
          )}
          {actions.delete && (
            <Button
              size="xs"
              color={archived ? undefined : 'red'}
              variant="light"
              leftSection={
                archived ? <IconRestore size={14} aria-hidden /> : <IconArchive size={14} aria-hidden />
              }
              onClick={() =>
                archived
                  ? runBulk('restore', 'Pulihkan calon murid terpilih?')
                  : runBulk('archive', 'Arsipkan calon murid terpilih?')
              }
            >
              {archived ? 'Pulihkan' : 'Arsipkan'}
            </Button>
          )}
        </Group>
      )}
      <DataTable<RegistrantAdminRow>
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
        selectedRecords={actions.update || actions.delete ? selected : undefined}
        onSelectedRecordsChange={actions.update || actions.delete ? setSelected : undefined}
        selectionCheckboxProps={{ 'aria-label': 'Pilih calon murid' }}
        allRecordsSelectionCheckboxProps={{ 'aria-label': 'Pilih semua di halaman ini' }}
        emptyState={
          <EmptyState
            title="Tidak ada calon murid"
            description="Ubah atau reset filter untuk melihat data lain."
          />
        }
        columns={[
          {
            accessor: 'registration_number',
            title: 'No. Pendaftaran',
            sortable: true,
            render: (r) => (
              <Anchor component={Link} to={`/admin/registrant/detail?id=${r.id}`} ff="monospace" size="sm">
                {r.registration_number}
              </Anchor>
            ),
          },
          {
            accessor: 'name',
            title: 'Nama',
            sortable: true,
            render: (r) => (
              <Group gap={6} wrap="nowrap">
                {r.name ?? (
                  <Text span c="gray.7" size="sm">
                    (belum diisi)
                  </Text>
                )}
                <DuplicateBadge count={r.possible_duplicate_count} />
              </Group>
            ),
          },
          { accessor: 'school_name', title: 'Sekolah' },
          { accessor: 'mst_class_name', title: 'Kelas' },
          { accessor: 'school_period_name', title: 'Periode' },
          {
            accessor: 'status',
            title: 'Status',
            sortable: true,
            noWrap: true,
            render: (r) => <StatusBadge status={r.status} size="sm" />,
          },
          {
            accessor: 'parent_name',
            title: 'Orang Tua',
            render: (r) => (
              <div>
                <Text size="sm">{r.parent_name}</Text>
                <Text size="xs" c="gray.7">
                  {[r.parent_email, r.parent_phone].filter(Boolean).join(' · ')}
                </Text>
              </div>
            ),
          },
          {
            accessor: 'created_at',
            title: 'Didaftarkan',
            sortable: true,
            render: (r) => formatDateTime(r.created_at),
          },
        ]}
      />
    </StaffListPage>
  );
}
