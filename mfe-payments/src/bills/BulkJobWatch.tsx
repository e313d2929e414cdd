import { Group, Loader, notify, Text } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidateBills, useBulkJob } from './api/bills';

/**
 * A bulk job this screen started, asked about until it ends; then the bills are read again and the staff
 * member is told how it went, so the list never shows the state from before the job.
 */
export function BulkJobWatch({ jobId, onEnd }: { jobId: number; onEnd: () => void }) {
  const client = useQueryClient();
  const job = useBulkJob(jobId);
  const status = job.data?.status;
  const ended = status === 'done' || status === 'failed';
  const told = useRef(false);
  useEffect(() => {
    if (!ended || !job.data || told.current) return;
    told.current = true;
    const j = job.data;
    void invalidateBills(client);
    if (j.status === 'failed') notify.error(j.error ?? `${j.label}: gagal.`);
    else if (j.failed > 0) notify.warning(`${j.label}: ${j.done - j.failed} berhasil, ${j.failed} gagal.`);
    else notify.success(`${j.label}: selesai (${j.done} data).`);
    onEnd();
  }, [ended, job.data, client, onEnd]);
  if (ended || job.isError) return null;
  return (
    <Group gap="xs" data-testid="bulk-job-running" role="status">
      <Loader size="xs" />
      <Text size="sm">
        {job.data ? `${job.data.label}: ${job.data.done} dari ${job.data.total}` : 'Memproses tagihan…'}
      </Text>
    </Group>
  );
}
