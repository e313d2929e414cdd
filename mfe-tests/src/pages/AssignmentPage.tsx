import { errorMessage } from '@psb/api-client/http';
import { type RegistrantTestRow, STATUS_LABELS } from '@psb/contracts/tests';
import {
  DataTable,
  pagedTableProps,
  RelationPicker,
  useModuleActions,
  useUrlFilters,
} from '@psb/resource-ui';
import {
  Button,
  Card,
  EmptyState,
  formatDate,
  formatTimeRange,
  Group,
  modals,
  notify,
  PageError,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  assignSeats,
  invalidateSeats,
  PAGE_SIZE,
  releaseSeat,
  SEAT_FILTER_KEYS,
  type SeatFilters,
  useSeats,
} from '../assignment/api/seats';
import { MoveModal } from '../assignment/MoveModal';
import { PeriodJobModal } from '../assignment/PeriodJobModal';
import { SessionSeats } from '../assignment/SessionSeats';
import { RegistrantCardActions } from '../cards/RegistrantCardActions';

const VIEWS = {
  assign: { title: 'Assign Tes', module: 'Assign Tes' },
  schedule: { title: 'Jadwal Tes/Observasi', module: 'Jadwal Tes/Observasi' },
} as const;

/**
 * `/admin/assign_test` (place registrants: automatically, by hand, a whole period) and
 * `/admin/registrant/test` (the schedule: who sits where). Both list a period's registrants with their seat
 * of one test type; placing needs update on Assign Tes, taking a seat away delete.
 */
export function AssignmentPage({ view }: { view: keyof typeof VIEWS }) {
  const { filters, set } = useUrlFilters<SeatFilters>(SEAT_FILTER_KEYS);
  const assignActions = useModuleActions('Assign Tes');
  const client = useQueryClient();
  const [selected, setSelected] = useState<RegistrantTestRow[]>([]);
  const [moving, setMoving] = useState(false);
  const [periodJob, setPeriodJob] = useState(false);
  const [busy, setBusy] = useState(false);
  const ready = Boolean(filters.school_period_id && filters.mst_test_id);
  const effective: SeatFilters =
    view === 'schedule' && !filters.assigned ? { ...filters, assigned: 'yes' } : filters;
  const q = useSeats(effective, ready);
  const refresh = () => {
    setSelected([]);
    void invalidateSeats(client);
  };
  const page = Number(filters.page ?? 1);
  const canPlace = assignActions.update;

  const auto = async () => {
    setBusy(true);
    try {
      const res = await assignSeats({
        registrant_ids: selected.map((r) => r.registrant_id),
        mst_test_id: Number(filters.mst_test_id),
      });
      const skipped = res.data.skipped.filter((s) => s.reason !== 'Sudah terjadwal pada tipe tes ini.');
      if (res.data.assigned.length) notify.success(res.message);
      if (skipped.length)
        notify.error(`${skipped.length} calon murid belum terjadwal: ${skipped[0]!.reason}`);
      else if (!res.data.assigned.length) notify.info('Calon murid yang dipilih sudah terjadwal.');
      refresh();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const release = (row: RegistrantTestRow) =>
    modals.openConfirmModal({
      title: 'Hapus jadwal tes',
      children: (
        <Text size="sm">
          Jadwal {row.name ?? row.registration_number} di {row.session_name} akan dihapus dan kursinya
          dibebaskan.
        </Text>
      ),
      labels: { confirm: 'Hapus Jadwal', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          notify.success((await releaseSeat(row.registrant_test_id!)).message);
          refresh();
        } catch (err) {
          notify.error(errorMessage(err));
        }
      },
    });

  const data = q.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{VIEWS[view].title}</Title>
        {canPlace && view === 'assign' && filters.school_period_id && (
          <Button variant="light" onClick={() => setPeriodJob(true)}>
            Jadwalkan Satu Periode
          </Button>
        )}
      </Group>
      <Card withBorder>
        <Group grow align="flex-start">
          <RelationPicker
            resource="school_period"
            label="Periode Pendaftaran"
            value={filters.school_period_id ?? null}
            onChange={(v) => set({ school_period_id: v ?? undefined, mst_test_detail_id: undefined })}
          />
          <RelationPicker
            resource="mst_test"
            label="Tipe Tes"
            value={filters.mst_test_id ?? null}
            onChange={(v) => set({ mst_test_id: v ?? undefined, mst_test_detail_id: undefined })}
          />
          <Select
            label="Sesi"
            placeholder="Semua sesi"
            clearable
            disabled={!data}
            data={(data?.sessions ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={filters.mst_test_detail_id ?? null}
            onChange={(v) => set({ mst_test_detail_id: v ?? undefined })}
          />
          <TextInput
            label="Cari"
            placeholder="Nama atau nomor pendaftaran"
            defaultValue={filters.search ?? ''}
            onKeyDown={(e) => {
              if (e.key === 'Enter') set({ search: e.currentTarget.value.trim() || undefined });
            }}
            onBlur={(e) => set({ search: e.currentTarget.value.trim() || undefined })}
          />
        </Group>
      </Card>

      {!ready ? (
        <EmptyState
          title="Pilih periode pendaftaran dan tipe tes"
          description="Daftar calon murid beserta sesi tesnya tampil setelah keduanya dipilih."
        />
      ) : q.isError ? (
        <PageError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {data && <SessionSeats sessions={data.sessions} />}
          <Group justify="space-between">
            {view === 'assign' ? (
              <SegmentedControl
                value={filters.assigned ?? ''}
                onChange={(v) => set({ assigned: v || undefined })}
                data={[
                  {
                    value: '',
                    label: `Semua (${data ? data.counts.assigned + data.counts.unassigned : '…'})`,
                  },
                  { value: 'no', label: `Belum terjadwal (${data?.counts.unassigned ?? '…'})` },
                  { value: 'yes', label: `Terjadwal (${data?.counts.assigned ?? '…'})` },
                ]}
              />
            ) : (
              <Text size="sm" c="gray.7">
                {data
                  ? `${data.counts.assigned} calon murid terjadwal, ${data.counts.unassigned} belum.`
                  : ''}
              </Text>
            )}
            {canPlace && (
              <Group gap="xs">
                {view === 'assign' && (
                  <Button disabled={!selected.length} loading={busy} onClick={auto}>
                    Jadwalkan Otomatis ({selected.length})
                  </Button>
                )}
                <Button variant="light" disabled={!selected.length} onClick={() => setMoving(true)}>
                  {view === 'assign' ? 'Tempatkan di Sesi…' : 'Pindahkan Sesi…'}
                </Button>
              </Group>
            )}
          </Group>
          <DataTable<RegistrantTestRow>
            {...pagedTableProps({
              records: data?.data,
              total: data?.total,
              page,
              pageSize: PAGE_SIZE,
              onPageChange: (p) => set({ page: String(p) }),
              fetching: q.isFetching,
            })}
            idAccessor="registrant_id"
            selectedRecords={canPlace ? selected : undefined}
            onSelectedRecordsChange={canPlace ? setSelected : undefined}
            getRecordSelectionCheckboxProps={(r) => ({
              'aria-label': `Pilih ${r.name ?? r.registration_number}`,
            })}
            allRecordsSelectionCheckboxProps={{ 'aria-label': 'Pilih semua di halaman ini' }}
            emptyState={
              data && !data.data.length ? (
                <EmptyState
                  title={view === 'schedule' ? 'Belum ada calon murid terjadwal' : 'Tidak ada calon murid'}
                  description="Calon murid tampil setelah mengirim formulir pada periode ini."
                />
              ) : undefined
            }
            columns={[
              { accessor: 'registration_number', title: 'No. Pendaftaran' },
              { accessor: 'name', title: 'Nama', render: (r) => r.name ?? '—' },
              {
                accessor: 'status',
                title: 'Status',
                render: (r) => STATUS_LABELS[r.status as keyof typeof STATUS_LABELS] ?? r.status,
              },
              {
                accessor: 'session_name',
                title: 'Sesi',
                render: (r) =>
                  r.session_name ?? (
                    <Text size="sm" c="orange.9">
                      Belum terjadwal
                    </Text>
                  ),
              },
              {
                accessor: 'test_date',
                title: 'Tanggal',
                render: (r) => (r.test_date ? formatDate(r.test_date) : '—'),
              },
              {
                accessor: 'start_time',
                title: 'Jam (WIB)',
                render: (r) => (r.start_time ? formatTimeRange(r.start_time, r.end_time) : '—'),
              },
              { accessor: 'room_name', title: 'Ruangan', render: (r) => r.room_name ?? '—' },
              {
                accessor: 'assign_method',
                title: 'Cara',
                render: (r) =>
                  r.assign_method === 'auto' ? 'Otomatis' : r.assign_method === 'manual' ? 'Manual' : '—',
              },
              {
                accessor: 'card',
                title: 'Kartu Tes',
                render: (r) =>
                  r.registrant_test_id ? (
                    <RegistrantCardActions
                      registrantId={r.registrant_id}
                      label={r.name ?? r.registration_number}
                      registrationNumber={r.registration_number}
                      publishedAt={r.test_announcement_published_at}
                      onPublished={() => void invalidateSeats(client)}
                    />
                  ) : null,
              },
              ...(assignActions.delete
                ? [
                    {
                      accessor: 'actions',
                      title: '',
                      render: (r: RegistrantTestRow) =>
                        r.registrant_test_id ? (
                          <Button size="compact-xs" variant="subtle" color="red" onClick={() => release(r)}>
                            Hapus jadwal
                          </Button>
                        ) : null,
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      {moving && data && (
        <MoveModal
          registrantIds={selected.map((r) => r.registrant_id)}
          sessions={data.sessions}
          onClose={() => setMoving(false)}
          onDone={() => {
            setMoving(false);
            refresh();
          }}
        />
      )}
      {periodJob && filters.school_period_id && (
        <PeriodJobModal
          periodId={Number(filters.school_period_id)}
          testId={filters.mst_test_id ? Number(filters.mst_test_id) : null}
          onClose={() => {
            setPeriodJob(false);
            refresh();
          }}
        />
      )}
    </Stack>
  );
}
