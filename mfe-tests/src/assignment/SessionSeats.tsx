import type { SessionSeats as Seats } from '@psb/contracts/tests';
import { Card, formatDate, formatTimeRange, Group, SimpleGrid, Text } from '@psb/ui';

/** The sessions of the chosen period and test type with their seats (taken of the smaller of quota and room). */
export function SessionSeats({ sessions }: { sessions: Seats[] }) {
  if (sessions.length === 0)
    return (
      <Text size="sm" c="gray.7">
        Belum ada sesi untuk tipe tes ini pada periode tersebut. Tambahkan di menu Data Tes.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {sessions.map((s) => {
        const seats = Math.min(s.quota, s.capacity);
        return (
          <Card key={s.id} withBorder padding="sm" data-testid={`session-${s.id}`}>
            <Group justify="space-between" align="flex-start" gap="xs">
              <Text fw={600}>{s.name}</Text>
              <Text size="sm" fw={600} c={!s.is_active ? 'gray.7' : s.free === 0 ? 'red.8' : 'green.9'}>
                {!s.is_active ? 'Tidak aktif' : s.free === 0 ? 'Penuh' : `${s.free} kursi kosong`}
              </Text>
            </Group>
            <Text size="sm">
              {formatDate(s.test_date)}, {formatTimeRange(s.start_time, s.end_time)}
            </Text>
            <Text size="sm" c="gray.7">
              {s.room_name} · terisi {s.used_quota} dari {seats}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
