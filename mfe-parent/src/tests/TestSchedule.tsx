import type { TestScheduleItem } from '@psb/contracts/tests';
import { Card, EmptyState, formatDate, formatTimeRange, Skeleton, Stack, Text, Title } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../common/LoadError';
import { testScheduleQuery } from './api';

function Seat({ s }: { s: TestScheduleItem }) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid="test-schedule-item">
      <Text fw={600}>{s.mst_test_name}</Text>
      <Text size="sm">
        {formatDate(s.test_date)}, pukul {formatTimeRange(s.start_time, s.end_time)}
      </Text>
      <Text size="sm">
        {s.room_name}
        {s.room_location ? ` (${s.room_location})` : ''} · {s.session_name}
      </Text>
      {s.bring_items && (
        <Text size="sm" c="gray.7">
          Yang perlu dibawa: {s.bring_items}
        </Text>
      )}
      {s.notes && (
        <Text size="sm" c="gray.7">
          Catatan: {s.notes}
        </Text>
      )}
    </Card>
  );
}

/**
 * The registrant's test and observation schedule. `compact` (the home card) shows only the seats and
 * nothing while there are none; the detail page shows a titled panel with its empty state.
 */
export function TestSchedule({ registrantId, compact = false }: { registrantId: number; compact?: boolean }) {
  const { data, isPending, isError, error, refetch } = useQuery(testScheduleQuery(registrantId));
  if (compact) {
    if (!data?.length) return null;
    return (
      <Stack gap={6} data-testid="test-schedule">
        <Text size="sm" fw={600}>
          Jadwal Tes/Observasi
        </Text>
        {data.map((s) => (
          <Seat key={s.registrant_test_id} s={s} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" data-testid="test-schedule">
      <Title order={3} size="h4">
        Jadwal Tes/Observasi
      </Title>
      {isPending ? (
        <Skeleton height={80} radius="md" />
      ) : isError ? (
        <LoadError title="Jadwal tes gagal dimuat" error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <EmptyState
          title="Jadwal tes belum tersedia"
          description="Jadwal tes atau observasi akan muncul di sini setelah ditetapkan oleh sekolah."
        />
      ) : (
        data.map((s) => <Seat key={s.registrant_test_id} s={s} />)
      )}
    </Stack>
  );
}
