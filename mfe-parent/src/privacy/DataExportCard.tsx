import { errorMessage } from '@psb/api-client/http';
import { DATA_EXPORT_FILE } from '@psb/contracts/privacy';
import { Alert, Button, Card, notify, Progress, Stack, saveBlob, Text, Title } from '@psb/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { exportQuery, fetchExport, startExport } from './api';

/**
 * "Data Saya": everything the foundation holds about the parent and their children, prepared in the
 * background (the progress is polled) and downloaded as a ZIP with a PDF summary and JSON files.
 */
export function DataExportCard() {
  const [jobId, setJobId] = useState<number | null>(null);
  const start = useMutation({
    mutationFn: startExport,
    onSuccess: (job) => setJobId(job.id),
    onError: (err) => notify.error(errorMessage(err)),
  });
  const { data: job } = useQuery(exportQuery(jobId));
  const download = useMutation({
    mutationFn: (id: number) => fetchExport(id),
    onSuccess: (blob) => saveBlob(blob, DATA_EXPORT_FILE),
    onError: (err) => notify.error(errorMessage(err)),
  });
  const working = jobId !== null && (!job || job.status === 'queued' || job.status === 'running');
  const percent = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <Card withBorder padding="lg" data-testid="data-export">
      <Title order={4} mb="xs">
        Data Saya
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Unduh salinan semua data yang disimpan yayasan tentang Anda dan anak-anak yang Anda daftarkan: akun,
          formulir, dokumen, tagihan, pembayaran, pesan, serta riwayat siapa di yayasan yang melihat atau
          mengubahnya. Berkas ZIP berisi ringkasan PDF dan data lengkap dalam format JSON.
        </Text>
        {working && (
          <Stack gap={4}>
            <Text size="sm">Menyiapkan data... {percent}%</Text>
            <Progress value={percent} aria-label="Kemajuan penyiapan data" />
          </Stack>
        )}
        {job?.status === 'failed' && (
          <Alert color="red" title="Gagal menyiapkan data">
            {job.error ?? 'Terjadi kesalahan.'} Silakan coba lagi.
          </Alert>
        )}
        {job?.status === 'done' ? (
          <Button w="fit-content" loading={download.isPending} onClick={() => download.mutate(job.id)}>
            Unduh Data Saya
          </Button>
        ) : (
          <Button
            w="fit-content"
            variant="light"
            loading={start.isPending || working}
            onClick={() => start.mutate()}
          >
            Siapkan Data Saya
          </Button>
        )}
      </Stack>
    </Card>
  );
}
