import { errorMessage } from '@psb/api-client/http';
import { formatRupiah } from '@psb/contracts/core';
import { RESULT_KIND_COLORS } from '@psb/contracts/result-kinds';
import { Badge, Button, Card, formatDate, Group, notify, Stack, saveBlob, Text, Title } from '@psb/ui';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchGraduationDocument, type GraduationDocument, graduationQuery } from './api';

const FILE_NAMES: Record<GraduationDocument, string> = { letter: 'Surat Kelulusan', spotc: 'SPOTC' };

/**
 * The selection result once the school has published it: the status, the school's note, the graduation
 * letter and (when accepted) SPOTC to download, and the payments due with the announcement. Shows nothing
 * before publication.
 */
export function GraduationPanel({
  registrantId,
  registrationNumber,
}: {
  registrantId: number;
  registrationNumber: string | null;
}) {
  const query = useQuery(graduationQuery(registrantId));
  const download = useMutation({
    mutationFn: (doc: GraduationDocument) => fetchGraduationDocument(registrantId, doc),
    onSuccess: (blob, doc) => saveBlob(blob, `${FILE_NAMES[doc]} ${registrationNumber ?? registrantId}.pdf`),
    onError: (err) => notify.error(errorMessage(err)),
  });
  const g = query.data;
  if (!g?.published || !g.result) return null;
  const accepted = g.result.kind === 'accepted';
  return (
    <Card withBorder radius="md" padding="md" data-testid="graduation-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4">
              Hasil Seleksi
            </Title>
            <Text size="xs" c="gray.7">
              Diumumkan {formatDate(g.result.published_at)}
            </Text>
          </div>
          <Badge color={RESULT_KIND_COLORS[g.result.kind]} size="lg" data-testid="graduation-result">
            {g.result.status_name}
          </Badge>
        </Group>
        {g.result.note && <Text size="sm">{g.result.note}</Text>}
        <Group gap="xs">
          <Button
            size="sm"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending && download.variables === 'letter'}
            onClick={() => download.mutate('letter')}
          >
            Unduh Surat Kelulusan
          </Button>
          {accepted && (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.isPending && download.variables === 'spotc'}
              onClick={() => download.mutate('spotc')}
            >
              Unduh SPOTC
            </Button>
          )}
        </Group>
        {g.bills.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Pembayaran setelah pengumuman
            </Text>
            {g.bills.map((b) => (
              <Text key={b.id} size="sm">
                {b.type_name}: {formatRupiah(b.total_amount)}
                {b.paid_amount > 0 ? ` (dibayar ${formatRupiah(b.paid_amount)})` : ''} — lihat rincian di
                bagian Pembayaran.
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
