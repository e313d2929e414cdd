import { errorMessage } from '@psb/api-client/http';
import {
  type GraduationRow,
  graduationListQuerySchema,
  RESULT_KIND_COLORS,
  STATUS_COLORS,
  STATUS_LABELS,
} from '@psb/contracts/graduation';
import {
  DataTable,
  pagedTableProps,
  RelationPicker,
  saveBlob,
  useModuleActions,
  useTypedSearch,
  useUrlFilters,
} from '@psb/resource-ui';
import {
  Badge,
  Button,
  Card,
  Chip,
  EmptyState,
  formatDate,
  Group,
  notify,
  PageError,
  Stack,
  Text,
  TextInput,
} from '@psb/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  fetchGraduationExport,
  fetchLetter,
  type GraduationFilters,
  invalidateGraduation,
  useGraduation,
} from './api/graduation';
import { PublishModal } from './PublishModal';

const KEYS = Object.keys(graduationListQuerySchema.shape) as (keyof GraduationFilters & string)[];
const PAGE_SIZE = 25;
const PUBLISHED_CHIPS = [
  { value: 'false', label: 'Belum diumumkan' },
  { value: 'true', label: 'Sudah diumumkan' },
];

/** The registrants past verification with their result: filter, publish one or many, print the letter. */
export function GraduationListTab() {
  const { filters, set, clear } = useUrlFilters<GraduationFilters>(KEYS, false);
  const can = useModuleActions('Kelulusan');
  const client = useQueryClient();
  const [search, setSearch] = useTypedSearch(filters.search ?? '', (v) => set({ search: v || undefined }));
  const [selected, setSelected] = useState<GraduationRow[]>([]);
  const [target, setTarget] = useState<Parameters<typeof PublishModal>[0]['target'] | null>(null);
  const query = useGraduation(filters);
  const exporting = useMutation({
    mutationFn: () => fetchGraduationExport({ ...filters, page: undefined }),
    onSuccess: (blob) => saveBlob(blob, 'Data Kelulusan.xlsx'),
    onError: (err) => notify.error(errorMessage(err)),
  });
  const letter = useMutation({
    mutationFn: (r: GraduationRow) => fetchLetter(r.id),
    onSuccess: (blob, r) => saveBlob(blob, `Surat Kelulusan ${r.registration_number ?? r.id}.pdf`),
    onError: (err) => notify.error(errorMessage(err)),
  });
  const refresh = () => {
    setSelected([]);
    void invalidateGraduation(client);
    // The bulk job works in the background: look again once it has had time.
    setTimeout(() => void invalidateGraduation(client), 2000);
  };
  const open = (r: GraduationRow) =>
    setTarget({
      ids: [r.id],
      name: r.name ?? r.registration_number ?? '',
      draftStatusId: r.mst_accepted_status_id,
      draftNote: r.result_note,
    });

  if (query.isError && !query.data)
    return (
      <PageError
        title="Data kelulusan gagal dimuat"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  const page = Number(filters.page ?? 1);
  const publishable = selected.filter((r) => !r.result_published_at && r.status !== 'withdrawn');
  return (
    <Stack gap="md" data-testid="graduation-list">
      <Card withBorder padding="md">
        <Group align="flex-end" gap="sm">
          <RelationPicker
            resource="school"
            label="Sekolah"
            value={filters.school_id ?? null}
            onChange={(v) => set({ school_id: v ?? undefined })}
            w={200}
          />
          <RelationPicker
            resource="school_period"
            label="Periode"
            value={filters.school_period_id ?? null}
            onChange={(v) => set({ school_period_id: v ?? undefined })}
            w={220}
          />
          <RelationPicker
            resource="mst_class"
            label="Kelas"
            value={filters.mst_class_id ?? null}
            onChange={(v) => set({ mst_class_id: v ?? undefined })}
            w={180}
          />
          <TextInput
            label="Cari"
            placeholder="Nama atau no. pendaftaran"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-testid="graduation-search"
          />
          <Button variant="subtle" onClick={clear}>
            Reset filter
          </Button>
          <Button
            variant="default"
            ml="auto"
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
          >
            Ekspor Excel
          </Button>
        </Group>
      </Card>
      <Chip.Group>
        <Group gap="xs">
          {PUBLISHED_CHIPS.map((c) => (
            <Chip
              key={c.value}
              size="sm"
              checked={filters.published === c.value}
              onChange={() => set({ published: filters.published === c.value ? undefined : c.value })}
            >
              {c.label}
            </Chip>
          ))}
          {(['accepted', 'reserve', 'rejected', 'withdrawn'] as const).map((s) => (
            <Chip
              key={s}
              size="sm"
              checked={filters.status === s}
              onChange={() => set({ status: filters.status === s ? undefined : s })}
            >
              {STATUS_LABELS[s]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {selected.length > 0 && can.update && (
        <Group gap="xs" data-testid="graduation-bulk-bar">
          <Text size="sm" fw={600}>
            {selected.length} dipilih
          </Text>
          <Button
            size="xs"
            disabled={publishable.length === 0}
            onClick={() => setTarget({ ids: publishable.map((r) => r.id) })}
          >
            Umumkan Hasil ({publishable.length})
          </Button>
        </Group>
      )}
      <DataTable<GraduationRow>
        {...pagedTableProps({
          records: data?.data,
          total: data?.total,
          page,
          pageSize: PAGE_SIZE,
          onPageChange: (p) => set({ page: String(p) }),
          fetching: query.isFetching,
        })}
        idAccessor="id"
        selectedRecords={can.update ? selected : undefined}
        onSelectedRecordsChange={can.update ? setSelected : undefined}
        selectionCheckboxProps={{ 'aria-label': 'Pilih calon murid' }}
        allRecordsSelectionCheckboxProps={{ 'aria-label': 'Pilih semua di halaman ini' }}
        emptyState={
          <EmptyState
            title="Tidak ada calon murid"
            description="Calon murid tampil di sini setelah diverifikasi. Ubah filter bila perlu."
          />
        }
        columns={[
          {
            accessor: 'registration_number',
            title: 'No. Pendaftaran',
            render: (r) => (
              <Text ff="monospace" size="sm">
                {r.registration_number}
              </Text>
            ),
          },
          { accessor: 'name', title: 'Nama', render: (r) => r.name ?? '(belum diisi)' },
          {
            accessor: 'school_period_name',
            title: 'Periode / Kelas',
            render: (r) => `${r.school_period_name} · ${r.mst_class_name}`,
          },
          {
            accessor: 'status',
            title: 'Status',
            render: (r) => (
              <Badge color={STATUS_COLORS[r.status]} size="sm">
                {STATUS_LABELS[r.status]}
              </Badge>
            ),
          },
          {
            accessor: 'accepted_status_name',
            title: 'Hasil',
            render: (r) =>
              r.accepted_status_name ? (
                <Group gap={4}>
                  <Badge
                    color={r.result_kind ? RESULT_KIND_COLORS[r.result_kind] : 'gray'}
                    variant={r.result_published_at ? 'filled' : 'outline'}
                    size="sm"
                  >
                    {r.accepted_status_name}
                    {r.reserve_rank ? ` #${r.reserve_rank}` : ''}
                  </Badge>
                  {!r.result_published_at && (
                    <Text size="xs" c="gray.7">
                      draf
                    </Text>
                  )}
                </Group>
              ) : (
                <Text size="sm" c="gray.7">
                  -
                </Text>
              ),
          },
          {
            accessor: 'result_published_at',
            title: 'Diumumkan',
            render: (r) => (r.result_published_at ? formatDate(r.result_published_at) : 'Belum'),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (r) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {can.update && !r.result_published_at && r.status !== 'withdrawn' && (
                  <Button size="compact-xs" onClick={() => open(r)} data-testid={`publish-${r.id}`}>
                    Tetapkan Hasil
                  </Button>
                )}
                {r.accepted_status_name && r.status !== 'withdrawn' && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    loading={letter.isPending && letter.variables?.id === r.id}
                    onClick={() => letter.mutate(r)}
                  >
                    Surat
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      {target && <PublishModal target={target} onClose={() => setTarget(null)} onDone={refresh} />}
    </Stack>
  );
}
