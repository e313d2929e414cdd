import { errorMessage } from '@psb/api-client/http';
import { APPOINTMENT_KIND_LABELS } from '@psb/contracts/tests';
import {
  Button,
  EmptyState,
  formatDate,
  formatTimeRange,
  modals,
  notify,
  PageError,
  Skeleton,
  Table,
  Text,
} from '@psb/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { periodSlotsQuery, removeSlot, slotKeys } from './api/slots';

/** The period's published slots with their places; a slot nobody booked can be removed (after confirming). */
export function PeriodSlots({ periodId, mayDelete }: { periodId: number; mayDelete: boolean }) {
  const client = useQueryClient();
  const q = useQuery(periodSlotsQuery(periodId));
  if (q.isPending) return <Skeleton height={80} />;
  if (q.isError)
    return (
      <PageError title="Slot gagal dimuat" message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
    );
  if (q.data.length === 0)
    return (
      <EmptyState
        title="Belum ada slot"
        description="Slot yang diterbitkan untuk periode ini tampil di sini."
      />
    );

  const confirmRemove = (id: number, when: string) =>
    modals.openConfirmModal({
      title: 'Hapus slot?',
      children: <Text size="sm">Slot {when} dihapus dan tidak lagi ditawarkan kepada orang tua.</Text>,
      labels: { confirm: 'Ya, Hapus', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          notify.success((await removeSlot(id)).message);
        } catch (err) {
          notify.error(errorMessage(err));
        }
        await client.invalidateQueries({ queryKey: slotKeys.all });
      },
    });

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder striped data-testid="period-slots">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Tanggal</Table.Th>
            <Table.Th scope="col">Jam (WIB)</Table.Th>
            <Table.Th scope="col">Jenis</Table.Th>
            <Table.Th scope="col">Tempat</Table.Th>
            <Table.Th scope="col">Pewawancara</Table.Th>
            <Table.Th scope="col">Terisi</Table.Th>
            {mayDelete && <Table.Th scope="col">Aksi</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.data.map((s) => {
            const when = `${formatDate(s.slot_date)} ${formatTimeRange(s.start_time, s.end_time)}`;
            return (
              <Table.Tr key={s.id}>
                <Table.Td>{formatDate(s.slot_date)}</Table.Td>
                <Table.Td>{formatTimeRange(s.start_time, s.end_time)}</Table.Td>
                <Table.Td>{APPOINTMENT_KIND_LABELS[s.kind]}</Table.Td>
                <Table.Td>{[s.room_name, s.video_link && 'Daring'].filter(Boolean).join(' · ')}</Table.Td>
                <Table.Td>{s.interviewer}</Table.Td>
                <Table.Td>
                  {s.booked}/{s.capacity}
                </Table.Td>
                {mayDelete && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={s.booked > 0}
                      onClick={() => confirmRemove(s.id, when)}
                    >
                      Hapus
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
