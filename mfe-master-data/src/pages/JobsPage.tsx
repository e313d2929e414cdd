import { errorMessage } from '@psb/api-client/http';
import { useModuleActions } from '@psb/resource-ui';
import {
  EmptyState,
  formatDateTime,
  NoAccess,
  PageError,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@psb/ui';
import { useJobs } from '../common/api/jobs';
import { JobProgress, JobStatusBadge } from '../common/jobs/JobProgress';

/** Tugas Latar: background work staff asked for (sending messages, …) with status, progress and errors. */
export default function JobsPage() {
  const actions = useModuleActions('Konfigurasi');
  const jobs = useJobs(actions.read);
  if (!actions.read) return <NoAccess modules={['Konfigurasi']} />;
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>Tugas Latar</Title>
        <Text size="sm" c="gray.7">
          Pekerjaan yang berjalan di latar belakang, misalnya pengiriman notifikasi. Tugas yang gagal dicoba
          lagi otomatis.
        </Text>
      </Stack>
      {jobs.isPending ? (
        <Skeleton height={200} />
      ) : jobs.isError ? (
        <PageError message={errorMessage(jobs.error)} onRetry={() => void jobs.refetch()} />
      ) : jobs.data.length === 0 ? (
        <EmptyState
          title="Belum ada tugas"
          description="Tugas muncul di sini setelah Anda mengirim notifikasi."
        />
      ) : (
        <Table striped withTableBorder data-testid="jobs-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tugas</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Progres</Table.Th>
              <Table.Th>Dibuat</Table.Th>
              <Table.Th>Keterangan</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.data.map((j) => (
              <Table.Tr key={j.id}>
                <Table.Td>{j.label}</Table.Td>
                <Table.Td>
                  <JobStatusBadge status={j.status} />
                </Table.Td>
                <Table.Td>
                  <JobProgress job={j} />
                </Table.Td>
                <Table.Td>{formatDateTime(j.created_at)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={j.status === 'failed' ? 'red.9' : 'dimmed'}>
                    {j.error ?? (j.attempts > 1 ? `Percobaan ke-${j.attempts}` : '—')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
