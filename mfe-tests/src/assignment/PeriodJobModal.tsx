import { errorMessage } from '@psb/api-client/http';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@psb/ui';
import { useState } from 'react';
import { assignPeriod, usePeriodJob } from './api/seats';

/**
 * Seats every registrant of the period still without a seat (in order of submission) as a background job,
 * and follows its progress until it is done.
 */
export function PeriodJobModal({
  periodId,
  testId,
  onClose,
}: {
  periodId: number;
  testId: number | null;
  onClose: () => void;
}) {
  const [requestKey] = useState(() => crypto.randomUUID());
  const [jobId, setJobId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const job = usePeriodJob(jobId);
  const start = async () => {
    setStarting(true);
    try {
      const res = await assignPeriod({
        school_period_id: periodId,
        ...(testId ? { mst_test_id: testId } : {}),
        request_key: requestKey,
      });
      setJobId(res.data.id);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStarting(false);
    }
  };
  const j = job.data;
  const finished = j && (j.status === 'done' || j.status === 'failed');
  return (
    <Modal opened onClose={onClose} title="Jadwalkan Satu Periode" size="md">
      <Stack gap="sm">
        {jobId === null ? (
          <Text size="sm">
            Semua calon murid pada periode ini yang belum memiliki jadwal {testId ? 'tipe tes ini' : 'tes'}{' '}
            akan ditempatkan otomatis di sesi terawal yang masih kosong, berurutan sesuai waktu pengiriman
            formulir. Orang tua menerima jadwalnya.
          </Text>
        ) : (
          <Stack gap={4} data-testid="assign-job">
            <Text size="sm">
              {j ? `${j.done} dari ${j.total} calon murid diproses` : 'Menyiapkan…'}
              {j && j.failed > 0 ? ` · ${j.failed} belum mendapat kursi (sesi penuh)` : ''}
            </Text>
            <Progress value={j?.total ? (j.done / j.total) * 100 : finished ? 100 : 5} animated={!finished} />
            {j?.status === 'done' && <Alert color="green">Penjadwalan selesai.</Alert>}
            {j?.status === 'failed' && <Alert color="red">{j.error ?? 'Penjadwalan gagal.'}</Alert>}
          </Stack>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {jobId === null ? 'Batal' : 'Tutup'}
          </Button>
          {jobId === null && (
            <Button onClick={start} loading={starting}>
              Mulai
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
