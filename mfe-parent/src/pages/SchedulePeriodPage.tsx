import { Card, formatDate, Group, Skeleton, Stack, Text, Title } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { schoolPeriodsQuery } from '../common/api/school-periods';
import { LoadError } from '../common/LoadError';
import { StatusBadge } from '../common/StatusBadge';

/** /schedule_period: registration periods of the active year per school, with dates and quotas. */
export default function SchedulePeriodPage() {
  const { data, isPending, isError, error, refetch } = useQuery(schoolPeriodsQuery());
  const bySchool = new Map<string, NonNullable<typeof data>>();
  for (const p of data ?? []) bySchool.set(p.school_name, [...(bySchool.get(p.school_name) ?? []), p]);

  return (
    <Stack gap="md">
      <Title order={2}>Jadwal Pendaftaran</Title>
      {isPending ? (
        <Skeleton height={160} radius="md" />
      ) : isError ? (
        <LoadError title="Jadwal gagal dimuat" error={error} onRetry={() => void refetch()} />
      ) : bySchool.size === 0 ? (
        <Text>Belum ada periode pendaftaran untuk tahun ajaran ini.</Text>
      ) : (
        [...bySchool].map(([school, periods]) => (
          <Card key={school} withBorder radius="md" padding="md">
            <Title order={3} size="h4" mb="xs">
              {school}
            </Title>
            <Stack gap="sm">
              {periods.map((p) => (
                <Group key={p.id} justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <div>
                    <Text fw={600}>
                      {p.name}{' '}
                      <Text span size="sm" c="gray.7" fw={400}>
                        · Tahun Ajaran {p.school_year_name}
                      </Text>
                    </Text>
                    <Text size="sm">
                      {formatDate(p.start_date)} – {formatDate(p.end_date)}
                    </Text>
                    <Text size="sm" c="gray.7">
                      Kuota {p.quota} calon murid
                    </Text>
                  </div>
                  <StatusBadge color={p.is_open ? 'green' : 'gray'}>
                    {p.is_open ? 'Dibuka' : 'Ditutup'}
                  </StatusBadge>
                </Group>
              ))}
            </Stack>
          </Card>
        ))
      )}
    </Stack>
  );
}
