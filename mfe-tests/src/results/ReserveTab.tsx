import { errorMessage } from '@psb/api-client/http';
import type { ReserveProposal } from '@psb/contracts/graduation';
import { DataTable, useModuleActions } from '@psb/resource-ui';
import { Button, EmptyState, modals, notify, PageError, Stack, Text } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { confirmMove, invalidateGraduation, useProposals } from './api/graduation';

const who = (r: { name: string | null; registration_number: string | null }) =>
  `${r.name ?? '(tanpa nama)'} (${r.registration_number ?? '-'})`;

/**
 * Places freed by accepted registrants who withdrew, each with the reserve registrant next in line. Nothing
 * moves by itself: staff confirm each move, after which the parent sees the acceptance and is told.
 */
export function ReserveTab() {
  const can = useModuleActions('Kelulusan');
  const client = useQueryClient();
  const query = useProposals();
  const confirm = (p: ReserveProposal) =>
    modals.openConfirmModal({
      title: 'Naikkan calon murid cadangan?',
      children: (
        <Text size="sm">
          {who(p.proposed!)} akan diterima menggantikan {who(p.withdrawn)} dan orang tuanya langsung diberi
          tahu.
        </Text>
      ),
      labels: { confirm: 'Konfirmasi', cancel: 'Batal' },
      onConfirm: async () => {
        try {
          notify.success((await confirmMove(p.withdrawn.id, p.proposed!.id)).message);
        } catch (err) {
          notify.error(errorMessage(err));
        }
        void invalidateGraduation(client);
      },
    });
  if (query.isError && !query.data)
    return (
      <PageError
        title="Usulan cadangan gagal dimuat"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <Stack gap="sm" data-testid="reserve-proposals">
      <Text size="sm" c="gray.7">
        Bila calon murid yang diterima mengundurkan diri, calon murid cadangan berikutnya dari periode dan
        kelas yang sama diusulkan di sini. Setiap perpindahan harus dikonfirmasi.
      </Text>
      <DataTable<ReserveProposal>
        records={query.data ?? []}
        fetching={query.isFetching}
        idAccessor={(p) => String(p.withdrawn.id)}
        minHeight={160}
        emptyState={
          <EmptyState
            title="Tidak ada usulan"
            description="Belum ada tempat kosong dari calon murid yang mengundurkan diri."
          />
        }
        columns={[
          { accessor: 'withdrawn', title: 'Mengundurkan diri', render: (p) => who(p.withdrawn) },
          {
            accessor: 'place',
            title: 'Periode / Kelas',
            render: (p) => `${p.school_period_name} · ${p.mst_class_name}`,
          },
          {
            accessor: 'proposed',
            title: 'Diusulkan naik',
            render: (p) =>
              p.proposed
                ? `${who(p.proposed)}${p.proposed.reserve_rank ? ` — cadangan #${p.proposed.reserve_rank}` : ''}`
                : 'Daftar cadangan kosong',
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (p) =>
              can.update && p.proposed ? (
                <Button size="compact-xs" onClick={() => confirm(p)}>
                  Konfirmasi
                </Button>
              ) : null,
          },
        ]}
      />
    </Stack>
  );
}
