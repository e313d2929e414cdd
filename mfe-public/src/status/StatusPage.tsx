import { waitText } from '@psb/contracts/core';
import { Alert, Badge, Card, formatDateTime, Group, PageError, Skeleton, Stack, Text, Title } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { statusQuery } from './api';

/**
 * /status: whether registration is open, the wait at sign-in and registration right now, and the school's own
 * message, so parents know what is happening without asking (or blaming) the school.
 */
export default function StatusPage() {
  const { data, isPending, isError, refetch } = useQuery(statusQuery());
  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>Status Pendaftaran</Title>
      {isPending && <Skeleton height={140} />}
      {isError && (
        <PageError message="Status pendaftaran tidak dapat dimuat." onRetry={() => void refetch()} />
      )}
      {data && (
        <>
          {data.message && (
            <Alert color="blue" title="Pesan dari sekolah" data-testid="status-message">
              <Text style={{ whiteSpace: 'pre-line' }}>{data.message}</Text>
            </Alert>
          )}
          <Card withBorder>
            <Group justify="space-between">
              <Text fw={600}>Pendaftaran</Text>
              <Badge color={data.registration_open ? 'green' : 'gray'} data-testid="status-open">
                {data.registration_open ? 'Sedang dibuka' : 'Belum dibuka'}
              </Badge>
            </Group>
            {!data.registration_open && data.next_opening && (
              <Text size="sm" mt="xs">
                Dibuka {formatDateTime(data.next_opening)}.
              </Text>
            )}
          </Card>
          <Card withBorder>
            <Text fw={600}>Antrean saat ini</Text>
            <Text mt="xs" data-testid="status-wait" aria-live="polite">
              {data.waiting === 0
                ? 'Tidak ada antrean. Anda dapat mendaftar dan masuk sekarang.'
                : `${data.waiting} orang tua sedang menunggu; perkiraan waktu tunggu ${waitText(data.estimated_seconds)}.`}
            </Text>
            <Text size="xs" c="gray.7" mt="xs">
              Diperbarui otomatis setiap 15 detik.
            </Text>
          </Card>
        </>
      )}
    </Stack>
  );
}
