import { errorMessage, isRetryable } from '@psb/api-client/http';
import { Link, useSearchParams } from '@psb/router';
import {
  Anchor,
  Button,
  EmptyState,
  formatDate,
  formatTimeRange,
  Group,
  notify,
  PageError,
  PageLoader,
  Paper,
  Stack,
  saveBlob,
  Text,
  Title,
} from '@psb/ui';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { SessionCardActions } from '../cards/SessionCardActions';
import { CareDrawer, type CareTarget } from '../care/CareDrawer';
import { fetchScoreExport, useScoreSheet } from '../scoring/api/scoreSheet';
import { SaveState } from '../scoring/SaveState';
import { ScoreGrid } from '../scoring/ScoreGrid';
import { useScoreSaver } from '../scoring/useScoreSaver';

/** /admin/score_test/detail?id=…: the scoring grid of one session, saved as staff type. */
export function ScoreDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const sheet = useScoreSheet(id, valid);
  const saver = useScoreSaver(id, sheet.data);
  const [care, setCare] = useState<CareTarget | null>(null);

  if (!valid) return <PageError title="Sesi tes tidak ditemukan" message="Alamat halaman tidak lengkap." />;
  if (sheet.isError)
    return (
      <PageError
        title="Penilaian gagal dimuat"
        message={errorMessage(sheet.error)}
        onRetry={isRetryable(sheet.error) ? () => void sheet.refetch() : undefined}
      />
    );
  if (!sheet.data) return <PageLoader />;
  const { session } = sheet.data;

  const download = async (kind: 'seats' | 'scores') => {
    try {
      saveBlob(
        await fetchScoreExport(kind, id),
        `${kind === 'seats' ? 'Peserta' : 'Nilai'} ${session.name}.xlsx`,
      );
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin/score_test" size="sm">
        ← Pilih sesi lain
      </Anchor>
      <Title order={2}>Penilaian: {session.name}</Title>
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text size="sm">
              {session.test_name} · {session.room_name} · {formatDate(session.test_date)} pukul{' '}
              {formatTimeRange(session.start_time, session.end_time)}
            </Text>
            <SaveState counts={saver.counts} />
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download('seats')}
            >
              Daftar Peserta
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download('scores')}
            >
              Ekspor Nilai
            </Button>
            <SessionCardActions sessionId={id} sessionName={session.name} />
          </Group>
        </Group>
      </Paper>
      {sheet.data.rows.length === 0 ? (
        <EmptyState title="Belum ada peserta" description="Sesi ini belum memiliki peserta terjadwal." />
      ) : sheet.data.subjects.length === 0 ? (
        <EmptyState
          title="Belum ada mata pelajaran"
          description="Tambahkan mata pelajaran di Manajemen Data."
        />
      ) : (
        <ScoreGrid sheet={sheet.data} saver={saver} onOpenCare={setCare} />
      )}
      <CareDrawer target={care} onClose={() => setCare(null)} />
    </Stack>
  );
}
