import { errorMessage, isRetryable } from '@psb/api-client/http';
import { DOCUMENT_STATE_LABELS, type RegistrantDocument } from '@psb/contracts/registrants-admin';
import { useModuleActions } from '@psb/resource-ui';
import { Link, useSearchParams } from '@psb/router';
import {
  Anchor,
  Card,
  EmptyState,
  formatDateTime,
  Grid,
  Group,
  PageError,
  PageLoader,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@psb/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  documentKeys,
  documentQueueQuery,
  registrantDocumentsQuery,
} from '../document-verification/api/documents';
import { DecisionPanel } from '../document-verification/DecisionPanel';
import { DocumentPreview } from '../document-verification/DocumentPreview';
import { DocumentStateBadge } from '../document-verification/DocumentStateBadge';
import { RegistrantFacts } from '../document-verification/RegistrantFacts';

interface Item {
  registrantId: number;
  folder: string;
  title: string;
  detail: string;
}

/**
 * `/admin/registrant/documents`: documents verified one by one, the file beside the registrant's data. With
 * `?id=` the documents of one registrant; without, the queue of every waiting document of the role's schools,
 * oldest first. Keys: n next, a accept, r reject.
 */
export function DocumentVerificationPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const single = Number.isInteger(id) && id > 0;
  const may = useModuleActions('Calon Murid');
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(0);

  const queue = useQuery({ ...documentQueueQuery(), enabled: !single });
  const own = useQuery({ ...registrantDocumentsQuery(id), enabled: single });
  const items: Item[] = single
    ? (own.data?.documents ?? [])
        .filter((d) => d.state !== 'missing')
        .map((d) => ({
          registrantId: id,
          folder: d.folder,
          title: d.label,
          detail: DOCUMENT_STATE_LABELS[d.state],
        }))
    : (queue.data?.data ?? []).map((q) => ({
        registrantId: q.registrant_id,
        folder: q.folder,
        title: `${q.label} · ${q.name ?? q.registration_number ?? ''}`,
        detail: `${q.school_name ?? ''} · diunggah ${formatDateTime(q.uploaded_at)}`,
      }));
  const at = Math.min(index, Math.max(items.length - 1, 0));
  const current = items[at];
  const shown = useQuery({
    ...registrantDocumentsQuery(current?.registrantId ?? 0),
    enabled: current !== undefined && !single,
  });
  const docs = single ? own.data : shown.data;
  const doc: RegistrantDocument | undefined = docs?.documents.find((d) => d.folder === current?.folder);

  const failure = single ? own.error : (queue.error ?? shown.error);
  if (failure)
    return (
      <PageError
        title="Dokumen gagal dimuat"
        message={errorMessage(failure)}
        onRetry={
          isRetryable(failure)
            ? () => void queryClient.invalidateQueries({ queryKey: documentKeys.all })
            : undefined
        }
      />
    );
  if (single ? !own.data : !queue.data) return <PageLoader />;

  const next = () => setIndex((i) => (items.length ? (i + 1) % items.length : 0));
  const afterDecision = async () => {
    await queryClient.invalidateQueries({ queryKey: ['registrant-admin'] });
    // In one registrant's documents the list keeps its length: go on to the next. In the queue the decided
    // document leaves, and the next one takes its place.
    if (single) next();
  };

  return (
    <Stack gap="md" data-testid="document-verification">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Verifikasi Dokumen
          </Title>
          <Text size="sm" c="gray.7">
            {single
              ? 'Dokumen satu calon murid.'
              : `${(queue.data?.total ?? 0).toLocaleString('id-ID')}${queue.data?.more ? '+' : ''} dokumen menunggu verifikasi di sekolah Anda.`}{' '}
            Tombol: n berikutnya, a terima, r tolak.
          </Text>
        </div>
        <Group gap="md">
          <Anchor component={Link} to="/admin/registrant/document_settings" size="sm">
            Pengaturan dokumen
          </Anchor>
          <Anchor
            component={Link}
            to={single ? `/admin/registrant/detail?id=${id}` : '/admin/registrant'}
            size="sm"
          >
            {single ? '← Kembali ke detail' : '← Kembali ke daftar'}
          </Anchor>
        </Group>
      </Group>
      {items.length === 0 || !current ? (
        <EmptyState
          title={single ? 'Belum ada dokumen yang diunggah' : 'Tidak ada dokumen yang menunggu'}
          description={single ? 'Orang tua belum mengunggah dokumen.' : 'Semua dokumen sudah diperiksa.'}
        />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 3 }}>
            <Card withBorder padding="xs" component="nav" aria-label="Daftar dokumen">
              <Stack gap={4}>
                {items.map((it, i) => (
                  <UnstyledButton
                    key={`${it.registrantId}-${it.folder}`}
                    onClick={() => setIndex(i)}
                    aria-current={i === at ? 'true' : undefined}
                    p="xs"
                    style={{
                      borderRadius: 6,
                      background: i === at ? 'var(--mantine-color-blue-0)' : undefined,
                    }}
                    data-testid="document-item"
                  >
                    <Text size="sm" fw={600}>
                      {it.title}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {it.detail}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            {doc?.versions[0] ? (
              <DocumentPreview
                registrantId={current.registrantId}
                folder={current.folder}
                label={doc.label}
                uploadedAt={doc.versions[0].uploaded_at}
              />
            ) : (
              <PageLoader />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="sm">
              {doc && (
                <Card withBorder padding="md">
                  <Stack gap="xs">
                    <Group justify="space-between">
                      <Title order={2} size="h4">
                        {doc.label}
                      </Title>
                      <DocumentStateBadge state={doc.state} />
                    </Group>
                    {doc.state === 'rejected' && (
                      <Text size="sm" c="red.9">
                        Ditolak: {doc.reason}
                        {doc.note ? ` (${doc.note})` : ''}
                      </Text>
                    )}
                    <DecisionPanel
                      target={{
                        registrantId: current.registrantId,
                        folder: current.folder,
                        label: doc.label,
                        waiting: doc.state === 'waiting',
                      }}
                      mayDecide={may.update}
                      onDecided={afterDecision}
                      onNext={next}
                      hasNext={items.length > 1}
                    />
                    {doc.versions.length > 1 && (
                      <Stack gap={2} aria-label="Riwayat versi">
                        <Text size="xs" fw={600}>
                          Riwayat versi
                        </Text>
                        {doc.versions.slice(1).map((v) => (
                          <Text key={v.version} size="xs" c="gray.7">
                            Versi {v.version} · {formatDateTime(v.uploaded_at)} ·{' '}
                            {DOCUMENT_STATE_LABELS[v.state]}
                            {v.reason ? ` · ${v.reason}` : ''}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </Stack>
                </Card>
              )}
              {docs && <RegistrantFacts r={docs.registrant} />}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
