import { errorMessage } from '@psb/api-client/http';
import {
  type Audience,
  type AudienceStatus,
  NOTIFICATION_KIND_INFO,
  type NotificationKind,
} from '@psb/contracts/notifications';
import { DateField, RelationPicker } from '@psb/resource-ui';
import {
  Alert,
  Button,
  Card,
  Group,
  modals,
  notify,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@psb/ui';
import { IconEye, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateJobs, useJob } from '../common/api/jobs';
import { JobProgress, JobStatusBadge } from '../common/jobs/JobProgress';
import { sendToAudience, usePreview } from './api/notifications';
import { StatusSelect } from './StatusSelect';

/** A fresh key per send dialog: a repeated click on Kirim starts the one job. */
const newRequestKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const CHANNELS = { email: 'E-mail', whatsapp: 'WhatsApp' } as const;

/** Choose the registrants by filters, see how many and the rendered message, then send as a job. */
export function AudienceSender({ kind, canSend }: { kind: NotificationKind; canSend: boolean }) {
  const queryClient = useQueryClient();
  const [audience, setAudience] = useState<Audience>({
    status: 'all',
    school_id: null,
    school_period_id: null,
  });
  const [shown, setShown] = useState<Audience | null>(null);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [jobId, setJobId] = useState<number | null>(null);
  const set = (patch: Partial<Audience>) => {
    setAudience((a) => ({ ...a, ...patch }));
    setShown(null);
  };

  const preview = usePreview(kind, shown);
  const job = useJob(jobId);
  const send = useMutation({
    mutationFn: () => sendToAudience(kind, shown!, requestKey),
    onSuccess: (res) => {
      notify.success(res.message);
      setJobId(res.data.job_id);
      setRequestKey(newRequestKey());
      void invalidateJobs(queryClient);
    },
    onError: (e) => notify.error(errorMessage(e)),
  });

  const confirmSend = (count: number) =>
    modals.openConfirmModal({
      title: 'Kirim notifikasi?',
      children: (
        <Text size="sm">
          Notifikasi {NOTIFICATION_KIND_INFO[kind].label} akan dikirim ke {count} calon murid. Pesan yang
          sudah terkirim tidak dapat ditarik kembali.
        </Text>
      ),
      labels: { confirm: 'Kirim', cancel: 'Batal' },
      onConfirm: () => send.mutate(),
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Penerima
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RelationPicker
            resource="school"
            label="Sekolah"
            placeholder="Semua sekolah"
            value={audience.school_id ? String(audience.school_id) : null}
            onChange={(v) => set({ school_id: v ? Number(v) : null })}
          />
          <RelationPicker
            resource="school_period"
            label="Periode pendaftaran"
            placeholder="Semua periode"
            value={audience.school_period_id ? String(audience.school_period_id) : null}
            onChange={(v) => set({ school_period_id: v ? Number(v) : null })}
          />
          <StatusSelect value={audience.status} onChange={(status: AudienceStatus) => set({ status })} />
          <DateField
            label="Tanggal ({tanggal})"
            value={audience.tanggal ?? ''}
            onChange={(v) => set({ tanggal: v || null })}
          />
        </SimpleGrid>
        <Textarea
          label="Keterangan ({keterangan})"
          value={audience.keterangan ?? ''}
          onChange={(e) => set({ keterangan: e.currentTarget.value || null })}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={() => setShown(audience)}
          >
            Lihat Pratinjau
          </Button>
        </Group>

        {shown && preview.isPending && <Text size="sm">Menghitung penerima…</Text>}
        {shown && preview.isError && <Alert color="red">{errorMessage(preview.error)}</Alert>}
        {shown && preview.data && (
          <Stack gap="sm" data-testid="notification-preview">
            <Text fw={600}>
              {preview.data.count === 0
                ? 'Tidak ada calon murid yang sesuai filter.'
                : `${preview.data.count} calon murid akan menerima pesan ini.`}
            </Text>
            {preview.data.samples.map((s) => (
              <Paper key={`${s.address}-${s.registrant_name}`} withBorder p="sm" radius="sm">
                <Text size="xs" c="gray.7">
                  {s.registrant_name} · {CHANNELS[s.channel]} {s.address}
                </Text>
                <Text fw={600} size="sm">
                  {s.subject}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {s.body}
                </Text>
              </Paper>
            ))}
            {canSend && preview.data.count > 0 && (
              <Group justify="flex-end">
                <Button
                  leftSection={<IconSend size={16} aria-hidden />}
                  loading={send.isPending}
                  onClick={() => confirmSend(preview.data.count)}
                >
                  Kirim ke {preview.data.count} calon murid
                </Button>
              </Group>
            )}
          </Stack>
        )}

        {jobId !== null && job.data && (
          <Paper withBorder p="sm" radius="sm" data-testid="send-progress">
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                Pengiriman #{jobId}
              </Text>
              <JobStatusBadge status={job.data.status} />
            </Group>
            <JobProgress job={job.data} />
          </Paper>
        )}
      </Stack>
    </Card>
  );
}
